import type { MapStore, WritableAtom } from 'nanostores'
import type { AsyncStatus } from '../kernel/async.js'
import type { WalletListing } from './listing.js'

/** Where a wallet list request is. */
export type WalletsStatus = AsyncStatus

/** A wallet search and its results. */
export type WalletSearch = {
  query: string
  results: readonly WalletListing[]
  count: number
  status: WalletsStatus
}

/** The explorer's stores (in the feature's shell) that its requests (loaded on use) write. */
export type ExplorerStores = {
  /** The first page of four, before installed and featured wallets are taken out. */
  $recommendedRaw: WritableAtom<readonly WalletListing[]>
  $featured: WritableAtom<readonly WalletListing[]>
  $pages: WritableAtom<readonly WalletListing[]>
  $count: WritableAtom<number>
  $page: WritableAtom<number>
  $status: WritableAtom<WalletsStatus>
  /** The recommended and featured wallets' request. */
  $listStatus: WritableAtom<WalletsStatus>
  $search: WritableAtom<WalletSearch>
  $images: MapStore<Record<string, string>>
}
