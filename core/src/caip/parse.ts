import { PorticoError } from '../errors/index.js'
import {
  type CaipAddress,
  type CaipNetworkId,
  CHAIN_NAMESPACES,
  type ChainNamespace,
  type ParsedCaipAddress,
  type ParsedCaipNetworkId,
} from './types.js'

function parts(value: unknown, count: number): string[] {
  if (typeof value !== 'string') throw new PorticoError('INVALID_CAIP_ADDRESS')
  const split = value.split(':')
  if (split.length !== count || split.some((part) => part.length === 0)) {
    throw new PorticoError('INVALID_CAIP_ADDRESS', { details: { value } })
  }
  return split
}

/** Parses a CAIP-2 network id: two non-empty parts. Throws 'Invalid CAIP Address' otherwise. */
export function parseCaipNetworkId(value: unknown): ParsedCaipNetworkId {
  const [namespace, reference] = parts(value, 2) as [string, string]
  return { namespace, reference }
}

/** Parses a CAIP-10 address: three non-empty parts. Throws 'Invalid CAIP Address' otherwise. */
export function parseCaipAddress(value: unknown): ParsedCaipAddress {
  const [namespace, chainId, address] = parts(value, 3) as [string, string, string]
  return { namespace, chainId, address }
}

/** Whether a value is a CAIP-2 network id: two non-empty parts. */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  try {
    parseCaipNetworkId(value)
    return true
  } catch {
    return false
  }
}

/** Whether a value is a CAIP-10 address: three non-empty parts. */
export function isCaipAddress(value: unknown): value is CaipAddress {
  try {
    parseCaipAddress(value)
    return true
  } catch {
    return false
  }
}

export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

/** Joins a network id and an address, checking both: `eip155:1` + `0xabc` → `eip155:1:0xabc`. */
export function toCaipAddress(networkId: CaipNetworkId, address: string): CaipAddress {
  parseCaipNetworkId(networkId)
  const value = `${networkId}:${address}`
  parseCaipAddress(value)
  return value as CaipAddress
}
