import { type ChainNamespace, isChainNamespace, parseCaipNetworkId } from '../caip/index.js'
import { PorticoError } from '../errors/index.js'
import type { EvmChain, NetworkInput, PorticoNetwork } from './types.js'

/** The namespace of a network (`eip155` for `eip155:1`). */
export function networkNamespace(network: Pick<PorticoNetwork, 'id'>): ChainNamespace {
  return parseCaipNetworkId(network.id).namespace as ChainNamespace
}

/** The chain reference: a number for eip155 (`eip155:10` → 10), the string otherwise. */
export function networkReference(network: Pick<PorticoNetwork, 'id'>): string {
  return parseCaipNetworkId(network.id).reference
}

export function evmChainId(network: Pick<PorticoNetwork, 'id'>): number {
  return Number(networkReference(network))
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

function invalid(id: unknown, why: string): never {
  throw new PorticoError('INVALID_NETWORK', `Invalid network ${String(id)}: ${why}`, {
    details: { id },
  })
}

function isEvmChain(value: object): value is EvmChain {
  return typeof (value as { id?: unknown }).id === 'number'
}

/**
 * A network from the app's options in Portico's form: a viem chain (`{ id: 1, rpcUrls: { default:
 * { http } } }`) becomes `eip155:1` with its `default` RPC URLs and explorer first; a Portico
 * network is returned as it is. Anything else is returned untouched for `validateNetwork` to
 * refuse with its reason.
 */
export function toPorticoNetwork(network: NetworkInput): PorticoNetwork
export function toPorticoNetwork(network: unknown): unknown
export function toPorticoNetwork(network: unknown): unknown {
  if (typeof network !== 'object' || network === null || !isEvmChain(network)) return network
  const chain = network
  if (!Number.isSafeInteger(chain.id) || chain.id <= 0) {
    invalid(chain.id, 'a chain id is a positive integer')
  }
  const rpcUrls = chain.rpcUrls as Partial<EvmChain['rpcUrls']> | undefined
  const rpc = rpcUrls?.default
  if (typeof rpc !== 'object' || rpc === null) {
    invalid(`eip155:${chain.id}`, 'rpcUrls.default.http must be a list of http(s) URLs')
  }
  const explorers = chain.blockExplorers
  const blockExplorers =
    typeof explorers === 'object' && explorers !== null
      ? uniqueByUrl([explorers.default, ...Object.values(explorers)])
      : undefined
  const out: PorticoNetwork = {
    id: `eip155:${chain.id}`,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: rpc.webSocket ? { http: rpc.http, webSocket: rpc.webSocket } : { http: rpc.http },
  }
  if (blockExplorers && blockExplorers.length > 0) out.blockExplorers = blockExplorers
  if (chain.testnet !== undefined) out.testnet = chain.testnet
  return out
}

/** viem lists the default explorer twice (as `default` and under its own name): keep one. */
function uniqueByUrl(list: readonly unknown[]): { name: string; url: string }[] {
  const seen = new Set<unknown>()
  const out: { name: string; url: string }[] = []
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue
    const { name, url } = entry as { name?: unknown; url?: unknown }
    if (seen.has(url)) continue
    seen.add(url)
    out.push({ name: name as string, url: url as string })
  }
  return out
}

/** Checks a network from the app's options; throws a PorticoError that says what is wrong. */
export function validateNetwork(network: unknown): PorticoNetwork {
  if (typeof network !== 'object' || network === null) invalid(network, 'not an object')
  const n = toPorticoNetwork(network) as Partial<PorticoNetwork>
  let namespace: string
  let reference: string
  try {
    ;({ namespace, reference } = parseCaipNetworkId(n.id))
  } catch (cause) {
    throw new PorticoError('INVALID_NETWORK', `Invalid network id ${String(n.id)}`, { cause })
  }
  if (!isChainNamespace(namespace)) invalid(n.id, `unknown namespace ${namespace}`)
  if (namespace === 'eip155' && !/^[1-9]\d*$/.test(reference)) {
    invalid(n.id, 'an eip155 chain id is a positive integer')
  }
  if (typeof n.name !== 'string' || n.name.trim() === '') invalid(n.id, 'name is required')
  const currency = n.nativeCurrency
  if (
    !currency ||
    typeof currency.symbol !== 'string' ||
    typeof currency.name !== 'string' ||
    !Number.isInteger(currency.decimals) ||
    currency.decimals < 0
  ) {
    invalid(n.id, 'nativeCurrency needs name, symbol and integer decimals')
  }
  if (!n.rpcUrls || !Array.isArray(n.rpcUrls.http) || !n.rpcUrls.http.every(isHttpUrl)) {
    invalid(n.id, 'rpcUrls.http must be a list of http(s) URLs')
  }
  if (
    n.blockExplorers !== undefined &&
    (!Array.isArray(n.blockExplorers) || !n.blockExplorers.every((e) => isHttpUrl(e?.url)))
  ) {
    invalid(n.id, 'blockExplorers need http(s) URLs')
  }
  return n as PorticoNetwork
}
