import type { PorticoClient, PorticoNetwork } from '@portico/core'
import type { Chain } from 'viem'
import { fallback, http, type Transport } from 'wagmi'
import { evmChainId } from './connector.js'

/**
 * A Portico network as a viem chain: `eip155:8453` is chain 8453, its RPC URLs the `default`
 * ones, its first block explorer the `default` one. Undefined for a network of another namespace.
 */
export function networkToChain(network: PorticoNetwork): Chain | undefined {
  const id = evmChainId(network.id)
  if (id === undefined) return undefined
  const explorer = network.blockExplorers?.[0]
  return {
    id,
    name: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: {
      default: {
        http: [...network.rpcUrls.http],
        ...(network.rpcUrls.webSocket ? { webSocket: [...network.rpcUrls.webSocket] } : {}),
      },
    },
    ...(explorer
      ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } }
      : {}),
    ...(network.testnet === undefined ? {} : { testnet: network.testnet }),
  }
}

/** The app's EVM networks as viem chains, in the order the app lists them (its default first). */
export function porticoChains(
  client: Pick<PorticoClient, 'options'>,
): readonly [Chain, ...Chain[]] {
  const chains = client.options.networks.flatMap((network) => networkToChain(network) ?? [])
  if (chains.length === 0) {
    throw new Error(
      'Portico: the client lists no EVM network (eip155:…) for wagmi; add one to createPortico({ networks })',
    )
  }
  return chains as [Chain, ...Chain[]]
}

/** An http transport per chain, from its RPC URLs (several: tried in order with `fallback`). */
export function porticoTransports(chains: readonly Chain[]): Record<number, Transport> {
  return Object.fromEntries(
    chains.map((chain) => {
      const urls = chain.rpcUrls.default.http
      const transport = urls.length > 1 ? fallback(urls.map((url) => http(url))) : http(urls[0])
      return [chain.id, transport]
    }),
  )
}
