// The checks a stored recent wallet passes again when read back, loaded when the list is first
// shown (a lazily loaded half: what it shares with the page's first load comes through lazyShared).
import {
  arrayOf,
  cleanDisplayText,
  isCleanText,
  isRecord,
  reverseDomain,
  TEXT_LIMITS,
  toSafeImageUrl,
  toSafeWalletLink,
} from '../kernel/lazyShared.js'
import type { SafeStorage, Validator } from '../storage/index.js'
import { RECENT_WALLETS_KEY, RECENT_WALLETS_MAX } from './constants.js'
import type { RecentWallet } from './types.js'

/** Longest wallet id kept (listing ids are 64 hex characters; custom ones are the app's). */
const MAX_ID_LENGTH = 256

/**
 * A recent wallet read back from storage, through the checks its fields passed when they came
 * in: a clean id and name, a safe image URL, safe links, a reverse domain name. A field that
 * fails is dropped (the wallet stays listed); a wallet without a usable id or name is dropped.
 */
export const recentWallet: Validator<RecentWallet> = (value) => {
  if (!isRecord(value) || !isCleanText(value.id, MAX_ID_LENGTH)) return undefined
  const name = cleanDisplayText(value.name, TEXT_LIMITS.name)
  if (!name) return undefined
  const wallet: RecentWallet = { id: value.id, name }
  const imageUrl = toSafeImageUrl(value.imageUrl)
  const rdns = reverseDomain(value.rdns)
  const mobileLink = toSafeWalletLink(value.mobileLink)
  const desktopLink = toSafeWalletLink(value.desktopLink)
  const webappLink = toSafeWalletLink(value.webappLink)
  if (imageUrl) wallet.imageUrl = imageUrl
  if (rdns) wallet.rdns = rdns
  if (mobileLink) wallet.mobileLink = mobileLink
  if (desktopLink) wallet.desktopLink = desktopLink
  if (webappLink) wallet.webappLink = webappLink
  return wallet
}

/**
 * The stored recent wallets, newest first, at most two. Only the first entries are looked at:
 * the list written here has two; a longer one was not written by Portico.
 */
export function readRecentWallets(storage: SafeStorage): RecentWallet[] {
  const stored = storage.read(RECENT_WALLETS_KEY, (value) =>
    Array.isArray(value) ? arrayOf(recentWallet)(value.slice(0, RECENT_WALLETS_MAX)) : undefined,
  )
  return (stored ?? []).slice(0, RECENT_WALLETS_MAX)
}
