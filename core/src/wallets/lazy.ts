import type { LazyContext } from '../kernel/feature.js'
import { createImages } from './images.js'
import type { WalletListing } from './listing.js'
import { createLists } from './lists.js'
import { createSearch } from './search.js'
import type { WalletsHalf, WalletsShell } from './types.js'

/**
 * The wallet explorer's heavy half (loaded when the modal is about to open, or an explorer UI
 * shows the lists): the listing's requests and their answers' checks, search and images, and
 * the lists the shell's stores show (minus the wallets this browser has installed).
 */
export function createLazy(context: LazyContext, shell: WalletsShell): WalletsHalf {
  const { atom, computed } = context
  const { stores } = shell
  const $recommended = atom<readonly WalletListing[]>([])
  const $pages = atom<readonly WalletListing[]>([])
  const installed = computed(shell.$connectors, (connectors) => {
    const ids = new Set<string>()
    for (const c of connectors) if (c.rdns) ids.add(c.rdns)
    return ids
  })
  const withoutInstalled = (wallets: readonly WalletListing[], ids: Set<string>) =>
    wallets.filter((wallet) => !wallet.rdns || !ids.has(wallet.rdns))
  const shown = [
    computed([$recommended, installed], withoutInstalled).subscribe((list) =>
      stores.$recommended.set(list),
    ),
    computed([$pages, installed], withoutInstalled).subscribe((list) => stores.$wallets.set(list)),
    computed(
      [$pages, stores.$count, stores.$page],
      (pages, count, page) => page === 0 || pages.length < count,
    ).subscribe((more) => stores.$hasMore.set(more)),
  ]
  for (const stop of shown) context.onDestroy(stop)

  const lists = createLists(context, shell, $recommended, $pages)
  const search = createSearch(context, shell)
  const images = createImages(context, shell)
  // The modal closed: the images it showed are let go.
  context.onDestroy(shell.modal.onOpenChange((open) => open || images.releaseImages()))
  return {
    ...lists,
    ...search,
    ...images,

    find: (id) =>
      [
        ...stores.$featured.get(),
        ...$recommended.get(),
        ...$pages.get(),
        ...stores.$search.get().results,
      ].find((wallet) => wallet.id === id),
  }
}
