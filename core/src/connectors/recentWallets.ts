import { atom, type ReadableAtom } from 'nanostores'
import { arrayOf, object, type SafeStorage, storedValue, string } from '../storage/index.js'
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

export const recentWallet = object(
  { id: string, name: string },
  { imageUrl: string, rdns: string, mobileLink: string, desktopLink: string, webappLink: string },
)

export type RecentWallets = {
  /** Wallets connected before, newest first, at most two. */
  $recentWallets: ReadableAtom<readonly RecentWallet[]>
  /** Puts the wallet first, drops an older entry with the same id, keeps at most two. */
  add(wallet: RecentWallet): void
  clear(): void
}

/** The stored recent wallets as a store, so lists re-render when one is added. */
export function createRecentWallets(storage: SafeStorage): RecentWallets {
  const stored = storedValue(storage, RECENT_WALLETS_KEY, arrayOf(recentWallet))
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
