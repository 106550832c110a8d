import { atom, type ReadableAtom } from 'nanostores'
import type { PorticoStorage, RecentWallet } from '../storage/index.js'

export type RecentWalletsFeature = {
  /** Wallets connected before, newest first, at most two (spec §9). */
  $recentWallets: ReadableAtom<readonly RecentWallet[]>
  add(wallet: RecentWallet): void
  clear(): void
}

/** The stored recent wallets as a store, so lists re-render when one is added. */
export function createRecentWallets(storage: PorticoStorage): RecentWalletsFeature {
  const $recentWallets = atom<readonly RecentWallet[]>(storage.recentWallets.get())
  return {
    $recentWallets,
    add(wallet) {
      $recentWallets.set(storage.recentWallets.add(wallet))
    },
    clear() {
      storage.recentWallets.clear()
      $recentWallets.set([])
    },
  }
}
