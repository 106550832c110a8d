import type { PorticoNetwork } from '@portico/core'
import { DEVNET_MNEMONIC } from '../../config/constants.js'
import { contractAddresses, guestbookAddress, swapAddresses } from './addresses.js'
import {
  CHAIN_DEFINITIONS,
  DEFAULT_CHAIN_PORTS,
  DEPLOYER_ADDRESS,
  NATIVE_CURRENCY,
} from './constants.js'
import type { Address, DevnetChain, DevnetSwap, DevnetTokens, EvmInfo } from './types.js'

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

/** The chains at the given ports on `host`, as a devnet there has them. */
export function evmInfoAt(host: string, ports: readonly number[] = DEFAULT_CHAIN_PORTS): EvmInfo {
  const [listed1, listed2, unlisted] = CHAIN_DEFINITIONS.map((_, i) =>
    devnetChain(i, `http://${host}:${ports[i] ?? DEFAULT_CHAIN_PORTS[i]}`),
  ) as [DevnetChain, DevnetChain, DevnetChain]
  const chains = [listed1, listed2]
  const { tokens, swap, guestbook } = contractsByChain([...chains, unlisted].map((c) => c.chainId))
  return {
    chains,
    unlistedChain: unlisted,
    networks: chains.map(toPorticoNetwork),
    mnemonic: DEVNET_MNEMONIC,
    tokens,
    swap,
    guestbook,
  }
}

/**
 * The contract addresses a devnet has on each chain (tokens, swap, guestbook), known without asking it: the deployer and
 * its nonces are fixed, so they are the same on every chain and every run.
 */
export function contractsByChain(chainIds: readonly number[]): {
  tokens: Record<number, DevnetTokens>
  swap: Record<number, DevnetSwap>
  guestbook: Record<number, Address>
} {
  const tokens = contractAddresses(DEPLOYER_ADDRESS)
  const swap = swapAddresses(DEPLOYER_ADDRESS)
  const guestbook = guestbookAddress(DEPLOYER_ADDRESS)
  return {
    tokens: Object.fromEntries(chainIds.map((id) => [id, { ...tokens }])),
    swap: Object.fromEntries(chainIds.map((id) => [id, { ...swap, pairs: { ...swap.pairs } }])),
    guestbook: Object.fromEntries(chainIds.map((id) => [id, guestbook])),
  }
}
