import { type ChainNamespace, isChainNamespace, parseCaipNetworkId } from '../caip/index.js'
import { PorticoError } from '../errors/index.js'
import type { PorticoNetwork } from './types.js'

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

/** Checks a network from the app's options; throws a PorticoError that says what is wrong. */
export function validateNetwork(network: unknown): PorticoNetwork {
  if (typeof network !== 'object' || network === null) invalid(network, 'not an object')
  const n = network as Partial<PorticoNetwork>
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
  if (n.blockExplorers && !n.blockExplorers.every((e) => isHttpUrl(e?.url))) {
    invalid(n.id, 'blockExplorers need http(s) URLs')
  }
  return n as PorticoNetwork
}
