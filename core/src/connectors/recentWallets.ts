import type { ReadableAtom, WritableAtom } from 'nanostores'
import {
  arrayOf,
  cleanDisplayText,
  isCleanText,
  isRecord,
  RECENT_WALLETS_KEY,
  RECENT_WALLETS_MAX,
  reverseDomain,
  TEXT_LIMITS,
} from '../kit.js'
import { toSafeImageUrl, toSafeWalletLink } from '../lazyKit.js'
import type { SafeStorage, Validator } from '../storage/index.js'
import type { RecentWallet } from './types.js'

export { RECENT_WALLETS_KEY } from '../kit.js'
export type { RecentWallet } from './types.js'

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

export type RecentWallets = {
  /** Wallets connected before, newest first, at most two, read back through their checks. */
  $recentWallets: ReadableAtom<readonly RecentWallet[]>
  /** Puts the wallet first, drops an older entry with the same id, keeps at most two. */
  add(wallet: RecentWallet): void
  clear(): void
}

/**
 * The stored recent wallets as a store, so lists re-render when one is added: read when built
 * (the connectors' heavy half, fetched when a list is first shown or the Connect view prefetched).
 */
export function createRecentWallets(
  storage: SafeStorage,
  $recentWallets: WritableAtom<readonly RecentWallet[]>,
): RecentWallets {
  $recentWallets.set(readRecentWallets(storage))
  return {
    $recentWallets,
    add(wallet) {
      const next = [wallet, ...readRecentWallets(storage).filter((w) => w.id !== wallet.id)].slice(
        0,
        RECENT_WALLETS_MAX,
      )
      storage.write(RECENT_WALLETS_KEY, next)
      $recentWallets.set(next)
    },
    clear() {
      storage.remove(RECENT_WALLETS_KEY)
      $recentWallets.set([])
    },
  }
}
