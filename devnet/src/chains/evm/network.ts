import type { PorticoNetwork } from '@portico/core'
import {
  CHAIN_DEFINITIONS,
  DEFAULT_API_PORT,
  DEFAULT_CHAIN_PORTS,
  DEFAULT_HOST,
  DEFAULT_RELAY_PORT,
  DEFAULT_SECURE_PORT,
  DEPLOYER_ADDRESS,
  DEVNET_MNEMONIC,
  NATIVE_CURRENCY,
} from '../../config/constants.js'
import { bitcoinInfo, DEFAULT_BITCOIN_PORT } from '../bitcoin/network.js'
import { DEFAULT_SOLANA_PORT, solanaInfoAt } from '../solana/constants.js'
import { contractAddresses, swapAddresses } from './addresses.js'
import type { DevnetChain, DevnetInfo, DevnetSwap, DevnetTokens } from './types.js'

export function devnetChain(index: number, rpcUrl: string): DevnetChain {
  const definition = CHAIN_DEFINITIONS[index]
  if (!definition) throw new Error(`no devnet chain #${index}`)
  return {
    chainId: definition.chainId,
    caipNetworkId: `eip155:${definition.chainId}`,
    name: definition.name,
    rpcUrl,
  }
}

/** A devnet chain in the SDK's network shape. */
export function toPorticoNetwork(chain: DevnetChain): PorticoNetwork {
  return {
    id: chain.caipNetworkId,
    name: chain.name,
    nativeCurrency: { ...NATIVE_CURRENCY },
    rpcUrls: { http: [chain.rpcUrl] },
    testnet: true,
  }
}

/** The info of a devnet at the given ports, e.g. the default one `pnpm dev` starts. */
export function devnetInfoAt(
  ports: {
    api: number
    relay?: number
    secure?: number
    solana?: number
    bitcoin?: number
    chains: readonly [number, number, number]
  },
  host: string = DEFAULT_HOST,
): DevnetInfo {
  const [listed1, listed2, unlisted] = ports.chains.map((port, i) =>
    devnetChain(i, `http://${host}:${port}`),
  ) as [DevnetChain, DevnetChain, DevnetChain]
  const chains = [listed1, listed2]
  const relay = ports.relay ?? DEFAULT_RELAY_PORT
  const { tokens, swap } = contractsByChain([...chains, unlisted].map((c) => c.chainId))
  return {
    apiUrl: `http://${host}:${ports.api}`,
    relayUrl: `ws://${host}:${relay}`,
    mobileWalletUrl: `http://${host}:${relay}/mobile-wallet`,
    secureSiteUrl: `http://${host}:${ports.secure ?? DEFAULT_SECURE_PORT}`,
    chains,
    unlistedChain: unlisted,
    networks: chains.map(toPorticoNetwork),
    solana: solanaInfoAt(`http://${host}:${ports.solana ?? DEFAULT_SOLANA_PORT}`),
    bitcoin: bitcoinInfo(`http://${host}:${ports.bitcoin ?? DEFAULT_BITCOIN_PORT}`),
    mnemonic: DEVNET_MNEMONIC,
    tokens,
    swap,
  }
}

/**
 * The contract addresses a devnet has on each chain, known without asking it: the deployer and
 * its nonces are fixed, so they are the same on every chain and every run.
 */
export function contractsByChain(chainIds: readonly number[]): {
  tokens: Record<number, DevnetTokens>
  swap: Record<number, DevnetSwap>
} {
  const tokens = contractAddresses(DEPLOYER_ADDRESS)
  const swap = swapAddresses(DEPLOYER_ADDRESS)
  return {
    tokens: Object.fromEntries(chainIds.map((id) => [id, { ...tokens }])),
    swap: Object.fromEntries(chainIds.map((id) => [id, { ...swap, pairs: { ...swap.pairs } }])),
  }
}

export const DEFAULT_DEVNET_INFO: DevnetInfo = devnetInfoAt({
  api: DEFAULT_API_PORT,
  relay: DEFAULT_RELAY_PORT,
  secure: DEFAULT_SECURE_PORT,
  solana: DEFAULT_SOLANA_PORT,
  bitcoin: DEFAULT_BITCOIN_PORT,
  chains: DEFAULT_CHAIN_PORTS,
})
