import type { PorticoClient } from '@portico/core'
import { type Config, createConfig, createStorage, type Storage, type Transport } from 'wagmi'
import { porticoChains, porticoTransports } from './chains.js'
import { type PorticoConnectorOptions, porticoConnector } from './connector.js'
import { wagmiCookieStorage } from './cookies.js'

/** What `createPorticoWagmiConfig` takes. */
export type PorticoWagmiConfigParameters = {
  /** The Portico client (`createPortico(…)`): its EVM networks become wagmi's chains. */
  client: PorticoClient
  /**
   * The app renders on the server too (Next.js): wagmi's state is kept in a cookie (unless
   * `storage` says otherwise) and read back after hydration. Give Portico `ssr: true` as well.
   */
  ssr?: boolean
  /**
   * Where wagmi keeps its state: a cookie with `ssr` (the same lifetime as Portico's, a year),
   * localStorage otherwise; `null` for none.
   */
  storage?: Storage | null
  /** Transports by chain id, in place of the http transports made from the networks' RPC URLs. */
  transports?: Record<number, Transport>
  /**
   * Also list the page's other browser wallets (EIP-6963) as wagmi connectors. Off by default:
   * Portico's modal lists them, and a wallet wagmi restored on its own would be a second
   * connection Portico knows nothing of.
   */
  multiInjectedProviderDiscovery?: boolean
  /** How often wagmi polls (block numbers, receipts), in ms; wagmi's default otherwise. */
  pollingInterval?: number
  /** The connector's options (its name). */
  connector?: PorticoConnectorOptions
}

/**
 * A wagmi config over a Portico client: its chains are the client's EVM networks (no second chain
 * list to keep), one http transport per chain from their RPC URLs, and one connector,
 * `porticoConnector(client)`, so that wagmi's `connect` opens Portico's modal and wagmi's account
 * is Portico's.
 *
 * @example
 * const portico = createPortico({ projectId, networks: [mainnet, base] })
 * const config = createPorticoWagmiConfig({ client: portico })
 */
export function createPorticoWagmiConfig(parameters: PorticoWagmiConfigParameters): Config {
  const { client, ssr = false } = parameters
  const chains = porticoChains(client)
  const storage =
    parameters.storage !== undefined
      ? parameters.storage
      : ssr
        ? createStorage({ storage: wagmiCookieStorage })
        : undefined
  return createConfig({
    chains,
    transports: { ...porticoTransports(chains), ...parameters.transports },
    connectors: [porticoConnector(client, parameters.connector)],
    multiInjectedProviderDiscovery: parameters.multiInjectedProviderDiscovery ?? false,
    ssr,
    ...(storage === undefined ? {} : { storage }),
    ...(parameters.pollingInterval === undefined
      ? {}
      : { pollingInterval: parameters.pollingInterval }),
  })
}
