import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { ConnectErrorType, ConnectReturnType } from '../connection/index.js'
import type { ConnectItem, Connector, CustomWallet, ListedWallet } from '../connectors/index.js'
import type { AsyncStatus } from '../kernel/async.js'
import type { ModalInternal } from '../modal/index.js'
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

/** The wallet-list options of `createPortico`. */
export type WalletsOptions = {
  /** Explorer ids to list exclusively. */
  includeWalletIds?: readonly string[]
  /** Explorer ids (or rdns) never to list. */
  excludeWalletIds?: readonly string[]
  /** Explorer ids to list first, in this order. */
  featuredWalletIds?: readonly string[]
  /** Wallets the app lists itself. */
  customWallets?: readonly CustomWallet[]
}

export type WalletExplorer = {
  /** The first four listed wallets (page 1, 4 entries), minus installed and excluded ones. */
  $recommended: ReadableAtom<readonly WalletListing[]>
  /** The app's featured wallets, in the app's order. */
  $featured: ReadableAtom<readonly WalletListing[]>
  /** Every page loaded so far, in order, minus installed wallets. */
  $wallets: ReadableAtom<readonly WalletListing[]>
  /** How many wallets the listing has in all. */
  $count: ReadableAtom<number>
  $page: ReadableAtom<number>
  $status: ReadableAtom<WalletsStatus>
  /**
   * The recommended and featured wallets' request: `error` when the listing could not be reached
   * (offline, or a project id the service refuses); `prefetch()` tries again.
   */
  $listStatus: ReadableAtom<WalletsStatus>
  $hasMore: ReadableAtom<boolean>
  $search: ReadableAtom<WalletSearch>
  /** Object URLs of wallet images loaded so far, by image id. */
  $images: ReadableAtom<Readonly<Record<string, string>>>
  /** Recommended and featured wallets; once per client unless forced. */
  prefetch(): Promise<void>
  /** The next page of 40. */
  fetchNextPage(): Promise<void>
  /** Searches after the user stops typing for 300 ms (100 entries). Empty query clears. */
  search(query: string): void
  /** Loads a wallet image as an object URL (for wallets on screen). */
  loadImage(imageId: string): Promise<string | undefined>
  /** Revokes every image object URL. */
  releaseImages(): void
  find(id: string): WalletListing | undefined
}

/**
 * Why `wallets.connect` rejects: with the wallet's browser extension, what `connection.connect`
 * rejects with. Through WalletConnect it never rejects: it resolves undefined and the pairing's
 * error is on `client.walletConnect.$wcError`.
 */
export type WalletsConnectErrorType = ConnectErrorType

/** The wallet explorer and the Connect list (`client.wallets`). */
export type WalletsFeature = WalletExplorer & {
  /** The Connect view's list: groups in the configured order, each wallet once, recent marked. */
  $connectList: ReadableAtom<readonly ConnectItem[]>
  /** The browser extension of a listed wallet, when this browser has it. */
  installedConnector(wallet: ListedWallet): Connector | undefined
  /**
   * Connects a listed wallet: through its browser extension when this browser has it, through
   * WalletConnect otherwise (the pairing URI then appears on `client.walletConnect`).
   */
  connect(wallet: ListedWallet): Promise<ConnectReturnType | undefined>
}

/** The explorer's stores: made by the shell with their first values, written by the heavy half. */
export type WalletsAtoms = {
  [K in keyof WalletExplorer as K extends `$${string}`
    ? K
    : never]: WalletExplorer[K] extends ReadableAtom<infer V> ? WritableAtom<V> : never
}

/** What the shell hands its heavy half (`lazy.ts`). */
export type WalletsShell = {
  stores: WalletsAtoms
  options: WalletsOptions
  /** The page's connectors: a listed wallet installed here is not listed again. */
  $connectors: ReadableAtom<readonly Connector[]>
  modal: ModalInternal
}

/** The heavy half: the listing's requests, search, images. */
export type WalletsHalf = Pick<
  WalletExplorer,
  'prefetch' | 'fetchNextPage' | 'search' | 'loadImage' | 'releaseImages' | 'find'
>
