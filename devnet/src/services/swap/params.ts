import { type Address, getAddress, isAddress, maxUint256 } from 'viem'
import { NATIVE_TOKEN_ADDRESS } from '../../chains/evm/constants.js'

/**
 * Parsers for the `/v1/convert/*` parameters. Each takes what arrived (a query string value, or
 * any JSON value from a body) and either returns the parsed value or throws a `ParamError`
 * whose message says what was expected; the routes answer it as a 400.
 */
export class ParamError extends Error {}

/** A token on a chain: `eip155:<chain id>:<0x address>`, the native token as 0xeee…e. */
export type AssetRef = {
  chainId: number
  address: Address
  /** The 0xeee…e placeholder: the chain's native token, not a contract. */
  native: boolean
}

const CAIP10 = /^eip155:([1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/
const CAIP2 = /^eip155:([1-9][0-9]{0,15})$/
const PLAIN_ADDRESS = /^0x[0-9a-fA-F]{40}$/

function present(value: unknown, name: string): string {
  if (value === undefined || value === null || value === '') throw new ParamError(`missing ${name}`)
  if (typeof value !== 'string') throw new ParamError(`${name} must be a string`)
  return value
}

function chainIdFrom(reference: string, name: string): number {
  const chainId = Number(reference)
  if (!Number.isSafeInteger(chainId)) throw new ParamError(`${name} has an invalid chain id`)
  return chainId
}

/**
 * An address, checksummed. All lower or all upper case carries no checksum (EIP-55); mixed case
 * must be the valid checksum.
 */
function addressFrom(hex: string, name: string): Address {
  const digits = hex.slice(2)
  const uniform = digits === digits.toLowerCase() || digits === digits.toUpperCase()
  if (!uniform && !isAddress(hex, { strict: true })) {
    throw new ParamError(`${name} has an address with an invalid checksum`)
  }
  return getAddress(hex.toLowerCase())
}

/** A CAIP-10 token address, e.g. `eip155:31337:0x…` (`from`, `to`, `tokenAddress`). */
export function parseAsset(value: unknown, name: string): AssetRef {
  const text = present(value, name)
  const match = CAIP10.exec(text)
  if (!match) {
    throw new ParamError(
      `${name} must be a CAIP-10 address like eip155:31337:0x… (got ${clip(text)})`,
    )
  }
  const hex = match[2] as string
  const native = hex.toLowerCase() === NATIVE_TOKEN_ADDRESS
  return {
    chainId: chainIdFrom(match[1] as string, name),
    address: native ? NATIVE_TOKEN_ADDRESS : addressFrom(hex, name),
    native,
  }
}

/** A CAIP-2 chain id, e.g. `eip155:31337` (`chainId`). */
export function parseChainId(value: unknown, name = 'chainId'): number {
  const text = present(value, name)
  const match = CAIP2.exec(text)
  if (!match)
    throw new ParamError(`${name} must be a CAIP-2 id like eip155:31337 (got ${clip(text)})`)
  return chainIdFrom(match[1] as string, name)
}

/**
 * The user's account: a CAIP-10 address on `chainId` (what the hosted service requires for
 * allowances and swaps), or, where `plain` is allowed, a bare 0x address too.
 */
export function parseAccount(
  value: unknown,
  chainId: number,
  name = 'userAddress',
  options: { plain?: boolean } = {},
): Address {
  const text = present(value, name)
  if (options.plain && PLAIN_ADDRESS.test(text)) return addressFrom(text, name)
  const match = CAIP10.exec(text)
  if (!match) {
    const expected = options.plain ? 'a 0x address or a CAIP-10 address' : 'a CAIP-10 address'
    throw new ParamError(
      `${name} must be ${expected} like eip155:${chainId}:0x… (got ${clip(text)})`,
    )
  }
  if (chainIdFrom(match[1] as string, name) !== chainId) {
    throw new ParamError(`${name} must be on the same chain as the tokens (eip155:${chainId})`)
  }
  if ((match[2] as string).toLowerCase() === NATIVE_TOKEN_ADDRESS) {
    throw new ParamError(`${name} must be an account, not the native token placeholder`)
  }
  return addressFrom(match[2] as string, name)
}

/**
 * A token amount in the token's smallest units: a decimal integer string above 0 that fits in
 * uint256 (`amount`).
 */
export function parseAmount(value: unknown, name = 'amount'): bigint {
  const text = present(value, name)
  if (!/^[0-9]+$/.test(text)) {
    throw new ParamError(
      `${name} must be a whole number of the token's smallest units, like 1000000 (got ${clip(text)})`,
    )
  }
  const digits = text.replace(/^0+(?=.)/, '')
  if (digits.length > 78 || BigInt(digits) > maxUint256) {
    throw new ParamError(`${name} is larger than a uint256`)
  }
  const amount = BigInt(digits)
  if (amount === 0n) throw new ParamError(`${name} must be above 0`)
  return amount
}

/** A gas price in wei (the quotes' optional `gasPrice`); empty means none. */
export function parseGasPrice(value: unknown, name = 'gasPrice'): bigint | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string' || !/^[0-9]{1,78}$/.test(value) || BigInt(value) > maxUint256) {
    throw new ParamError(`${name} must be a whole number of wei (got ${shown(value)})`)
  }
  return BigInt(value)
}

/** The most slippage the hosted service accepts, in percent. */
export const MAX_SLIPPAGE = 50

/**
 * `eip155.slippage` of a swap: a whole percent from 0 to 50, as a JSON number (1 = 1 %), the
 * hosted service's own limits; it refuses a swap without it.
 */
export function parseSlippage(eip155: unknown): number {
  if (eip155 === undefined || eip155 === null) {
    throw new ParamError('slippage parameter is necessary for this type of conversion')
  }
  if (typeof eip155 !== 'object' || Array.isArray(eip155)) {
    throw new ParamError('eip155 must be an object like { "slippage": 1 }')
  }
  const slippage = (eip155 as Record<string, unknown>).slippage
  if (slippage === undefined) {
    throw new ParamError('slippage parameter is necessary for this type of conversion')
  }
  if (
    typeof slippage !== 'number' ||
    !Number.isInteger(slippage) ||
    slippage < 0 ||
    slippage > MAX_SLIPPAGE
  ) {
    throw new ParamError(
      `eip155.slippage must be a whole percent from 0 to ${MAX_SLIPPAGE}, as a number (got ${shown(slippage, true)})`,
    )
  }
  return slippage
}

/** A JSON boolean (`disableEstimate`); absent means false. */
export function parseFlag(value: unknown, name: string): boolean {
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean') throw new ParamError(`${name} must be true or false`)
  return value
}

/** Echoed values are cut short, so an error never repeats a huge input. */
function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text
}

/**
 * A value of any JSON type as an error shows it: as JSON (strings as they are unless `quoted`,
 * where the type is the point). Never throws (`String()` would on an object whose `toString` is
 * not a function).
 */
function shown(value: unknown, quoted = false): string {
  if (typeof value === 'string' && !quoted) return clip(value)
  try {
    return clip(JSON.stringify(value) ?? typeof value)
  } catch {
    return typeof value
  }
}
