import { getAddress, isAddress } from 'viem'
import { PorticoError } from '../../kit.js'

/**
 * What a wallet answers is untrusted input: a browser extension, a WalletConnect peer or any page
 * script may be on the other end. These parse the answers the EVM adapter turns into state, and
 * throw a WALLET_ERROR for anything else.
 */

/** Accounts read from one answer: a wallet shares a few; the rest of a flood is not looked at. */
export const MAX_WALLET_ACCOUNTS = 100
/** A chain id as text: `0x` and 16 hex digits, or 20 decimal digits, already exceed a safe integer. */
const HEX_CHAIN_ID = /^0x[0-9a-fA-F]{1,16}$/
const DECIMAL_CHAIN_ID = /^\d{1,20}$/

/**
 * An account list (`eth_requestAccounts`, `eth_accounts`, `accountsChanged`): an array of EVM
 * addresses (a mixed-case one must carry a valid checksum), checksummed, duplicates dropped, the
 * first 100 read. An empty list is valid here: it means "no account shared".
 */
export function parseAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) {
    throw new PorticoError('WALLET_ERROR', 'The wallet answered with an invalid account list')
  }
  const accounts: string[] = []
  for (const entry of value.slice(0, MAX_WALLET_ACCOUNTS)) {
    if (typeof entry !== 'string' || !isAddress(entry)) {
      throw new PorticoError('WALLET_ERROR', 'The wallet answered with an invalid account list')
    }
    const address = getAddress(entry)
    if (!accounts.includes(address)) accounts.push(address)
  }
  return accounts
}

/**
 * A chain id (`eth_chainId`, `chainChanged`): a hex string (as EIP-1193 says), a decimal string or
 * a number, for a safe integer above 0. Returned as the decimal chain reference (`'1'`).
 */
export function parseChainId(value: unknown): string {
  const id =
    typeof value === 'string' && HEX_CHAIN_ID.test(value)
      ? Number.parseInt(value, 16)
      : typeof value === 'string' && DECIMAL_CHAIN_ID.test(value)
        ? Number(value)
        : typeof value === 'number'
          ? value
          : Number.NaN
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new PorticoError('WALLET_ERROR', 'The wallet answered with an invalid chain id')
  }
  return String(id)
}

/**
 * Longest signature taken: an ECDSA one is 65 bytes, a smart account's (ERC-1271, ERC-6492 with
 * its deployment data) a few kilobytes.
 */
export const MAX_SIGNATURE_BYTES = 50_000

/** A signature (`personal_sign`): 0x and whole bytes of hex, 1 to 50 000 of them. */
export function parseSignature(value: unknown): string {
  if (
    typeof value !== 'string' ||
    value.length > 2 + 2 * MAX_SIGNATURE_BYTES ||
    !/^0x(?:[0-9a-fA-F]{2})+$/.test(value)
  ) {
    throw new PorticoError('WALLET_ERROR', 'The wallet answered with an invalid signature')
  }
  return value
}
