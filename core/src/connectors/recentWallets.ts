import { atom, onMount, type ReadableAtom } from 'nanostores'
import { lazyModule } from '../kernel/lazy.js'
import type { Logger } from '../logger/index.js'
import type { SafeStorage } from '../storage/index.js'
import { RECENT_WALLETS_KEY, RECENT_WALLETS_MAX } from './constants.js'
import type { RecentWallet } from './types.js'

export { RECENT_WALLETS_KEY } from './constants.js'
export type { RecentWallet } from './types.js'

/**
 * The checks a stored recent wallet passes again when read back (its links, image URL and
 * texts): fetched when the list is first shown (the Connect view, or its prefetch) or a wallet is
 * added, not with the page.
 */
const storedCode = lazyModule('recent wallets', () => import('./storedRecentWallets.js'))
type StoredCode = typeof import('./storedRecentWallets.js')

/**
 * Fetches the checks' code (once): after it, every list reads its stored wallets at once. For the
 * tests that look at the lists, not at when their code arrives.
 */
export const loadRecentWalletsCode = (): Promise<unknown> => storedCode.load()

export type RecentWallets = {
  /**
   * Wallets connected before, newest first, at most two: read from storage when first shown
   * (empty until the checks' code is here; at once when it is).
   */
  $recentWallets: ReadableAtom<readonly RecentWallet[]>
  /** Reads the stored list ahead of showing it (the Connect view's prefetch). */
  prefetch(): void
  /** Puts the wallet first, drops an older entry with the same id, keeps at most two. */
  add(wallet: RecentWallet): void
  clear(): void
}

/** The stored recent wallets as a store, so lists re-render when one is added. */
export function createRecentWallets(storage: SafeStorage, logger: Logger): RecentWallets {
  const $recentWallets = atom<readonly RecentWallet[]>([])
  /** Runs `task` with the checks' code: in this turn when it is here, once it arrives otherwise. */
  function withCode(what: string, task: (code: StoredCode) => void) {
    const code = storedCode.loaded()
    if (code) task(code)
    else storedCode.load().then(task, (error: unknown) => logger.warn(`could not ${what}`, error))
  }
  // Read once: from then on the list changes with add() and clear(), which write storage too. A
  // read that lands after either of them changes nothing.
  let current = false
  // A wallet added before the code arrived is stored once it does, unless the list was cleared
  // since: the user's last action wins.
  let clears = 0
  const read = (code: StoredCode) => {
    if (current) return
    current = true
    $recentWallets.set(code.readRecentWallets(storage))
  }
  onMount($recentWallets, () => withCode('read the recent wallets', read))
  return {
    $recentWallets,
    prefetch: () => withCode('read the recent wallets', read),
    add(wallet) {
      const clearsBefore = clears
      withCode('store the recent wallet', (code) => {
        if (clears !== clearsBefore) return
        current = true
        const next = [
          wallet,
          ...code.readRecentWallets(storage).filter((w) => w.id !== wallet.id),
        ].slice(0, RECENT_WALLETS_MAX)
        storage.write(RECENT_WALLETS_KEY, next)
        $recentWallets.set(next)
      })
    },
    clear() {
      clears++
      current = true
      storage.remove(RECENT_WALLETS_KEY)
      $recentWallets.set([])
    },
  }
}
