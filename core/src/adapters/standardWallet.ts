import type { Connector, StandardWallet, StandardWalletAccount } from '../connectors/index.js'
import { PorticoError } from '../errors/index.js'
import { isRecord } from '../storage/validators.js'
import { readSafely, toWalletError, WALLET_ERROR_CODES } from './walletErrors.js'

// What the Solana and Bitcoin adapters share about Wallet Standard wallets: reaching a feature,
// reading accounts, and turning what a wallet threw into a PorticoError.

/** The Wallet Standard's "the user rejected the request" (`WalletStandardError`'s context code). */
export const STANDARD_USER_REJECTED = 4_001_000

/** The Wallet Standard wallet behind a connector; an error when the connector has none. */
export function standardWalletOf(connector: Connector): StandardWallet {
  if (!connector.wallet) {
    throw new PorticoError('WALLET_ERROR', `${connector.name} is not a Wallet Standard wallet`)
  }
  return connector.wallet
}

/** A feature's object when the wallet has it and it has the function; undefined otherwise. */
export function standardFeature<T extends object>(
  wallet: StandardWallet,
  name: string,
  method: string,
): T | undefined {
  const feature = wallet.features[name]
  return isRecord(feature) && typeof feature[method] === 'function' ? (feature as T) : undefined
}

/** Like `standardFeature`, but a wallet without it is an error the user can read. */
export function requireFeature<T extends object>(
  wallet: StandardWallet,
  name: string,
  method: string,
): T {
  const feature = standardFeature<T>(wallet, name, method)
  if (!feature) {
    throw new PorticoError('WALLET_ERROR', `${wallet.name} does not support ${name}`, {
      details: { feature: name },
    })
  }
  return feature
}

/** An account as a wallet handed it: an address string and a list of chain strings, or nothing. */
export function isStandardAccount(value: unknown): value is StandardWalletAccount {
  return (
    isRecord(value) &&
    typeof value.address === 'string' &&
    value.address.length > 0 &&
    value.address.length <= 128 &&
    Array.isArray(value.chains) &&
    value.chains.every((chain) => typeof chain === 'string')
  )
}

/** The wallet's accounts that pass `keep`, read defensively (a getter may throw). */
export function accountsOf(
  accounts: unknown,
  keep: (account: StandardWalletAccount) => boolean,
): StandardWalletAccount[] {
  try {
    if (!Array.isArray(accounts)) return []
    return accounts.filter((account) => isStandardAccount(account) && keep(account))
  } catch {
    return []
  }
}

/**
 * Turns what a Wallet Standard wallet threw into a PorticoError: its "user rejected" (the standard's
 * code 4001000, or EIP-1193's 4001 that many wallets also set) is USER_REJECTED.
 */
export function toStandardWalletError(error: unknown, action: string): PorticoError {
  const rejected = readSafely(
    () =>
      isRecord(error) && isRecord(error.context) && error.context.__code === STANDARD_USER_REJECTED,
  )
  if (rejected) {
    return new PorticoError('USER_REJECTED', `The wallet rejected the ${action}`, {
      cause: error,
      details: { code: WALLET_ERROR_CODES.userRejected },
    })
  }
  return toWalletError(error, action)
}
