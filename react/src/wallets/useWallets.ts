import { useStore } from '@nanostores/react'
import type {
  AsyncState,
  Connector,
  ConnectReturnType,
  ListedWallet,
  WalletListing,
  WalletSearch,
} from '@portico/core'
import { useMemo } from 'react'
import { asyncState } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/**
 * What `useWallets` returns: the explorer's pages as an async state (`data`: every page loaded so
 * far; `status` `error` when the last page could not load, `error` undefined: the listing logs why and keeps no error), and the rest of the explorer.
 */
export type UseWalletsReturnType = AsyncState<readonly WalletListing[]> & {
  /** The first four listed wallets, minus installed and excluded ones. */
  recommended: readonly WalletListing[]
  featured: readonly WalletListing[]
  /** Wallets in this browser (EIP-6963 and injected). */
  installed: readonly Connector[]
  count: number
  page: number
  hasMore: boolean
  fetchNextPage(): Promise<void>
  search: WalletSearch
  /** Searches 300 ms after the last keystroke. */
  setSearch(query: string): void
  /** Object URLs of wallet images loaded so far. */
  images: Readonly<Record<string, string>>
  loadImage(imageId: string): Promise<string | undefined>
  /**
   * Connects a listed wallet: its browser extension when installed, WalletConnect otherwise (the
   * pairing URI then appears in `useWalletConnect`).
   */
  connect(wallet: ListedWallet): Promise<ConnectReturnType | undefined>
}

/**
 * The wallet explorer, headless. Loads the recommended and featured wallets when first used (never
 * at page load); pages and search load on demand.
 */
export function useWallets(): UseWalletsReturnType {
  const { wallets, connectors: connectorsFeature } = usePortico()
  const recommended = useStore(wallets.$recommended)
  const featured = useStore(wallets.$featured)
  const all = useStore(wallets.$wallets)
  const count = useStore(wallets.$count)
  const page = useStore(wallets.$page)
  const hasMore = useStore(wallets.$hasMore)
  const status = useStore(wallets.$status)
  const search = useStore(wallets.$search)
  const images = useStore(wallets.$images)
  const connectors = useStore(connectorsFeature.$connectors)

  const installed = useMemo(
    () => connectors.filter((c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED'),
    [connectors],
  )

  return useMemo(
    () => ({
      ...asyncState(status, all),
      recommended,
      featured,
      installed,
      count,
      page,
      hasMore,
      fetchNextPage: wallets.fetchNextPage,
      search,
      setSearch: wallets.search,
      images,
      loadImage: wallets.loadImage,
      connect: wallets.connect,
    }),
    [recommended, featured, installed, all, count, page, hasMore, status, search, images, wallets],
  )
}
