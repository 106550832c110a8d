import { atom, type ReadableAtom } from 'nanostores'
import {
  cleanDisplayText,
  isCleanText,
  TEXT_LIMITS,
  toSafeImageUrl,
  toSafeWalletLink,
} from '../security/index.js'
import {
  arrayOf,
  isRecord,
  reverseDomain,
  type SafeStorage,
  storedValue,
  type Validator,
} from '../storage/index.js'
import { RECENT_WALLETS_MAX } from './constants.js'

/** A wallet the user connected before, shown first next time. */
export type RecentWallet = {
  id: string
  name: string
  imageUrl?: string
  rdns?: string
  mobileLink?: string
  desktopLink?: string
  webappLink?: string
}

export const RECENT_WALLETS_KEY = 'recent_wallets'

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

export type RecentWallets = {
  /** Wallets connected before, newest first, at most two. */
  $recentWallets: ReadableAtom<readonly RecentWallet[]>
  /** Puts the wallet first, drops an older entry with the same id, keeps at most two. */
  add(wallet: RecentWallet): void
  clear(): void
}

/** The stored recent wallets as a store, so lists re-render when one is added. */
export function createRecentWallets(storage: SafeStorage): RecentWallets {
  // Only the first entries are looked at: the list written here has two; a longer one was not.
  const stored = storedValue(storage, RECENT_WALLETS_KEY, (value) =>
    Array.isArray(value) ? arrayOf(recentWallet)(value.slice(0, RECENT_WALLETS_MAX)) : undefined,
  )
  const read = () => (stored.get() ?? []).slice(0, RECENT_WALLETS_MAX)
  const $recentWallets = atom<readonly RecentWallet[]>(read())
  return {
    $recentWallets,
    add(wallet) {
      const next = [wallet, ...read().filter((w) => w.id !== wallet.id)].slice(
        0,
        RECENT_WALLETS_MAX,
      )
      stored.set(next)
      $recentWallets.set(next)
    },
    clear() {
      stored.remove()
      $recentWallets.set([])
    },
  }
}
