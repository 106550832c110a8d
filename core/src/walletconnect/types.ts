import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { ConnectionEvent, ConnectionInternal, ConnectReturnType } from '../connection/index.js'
import type { Connector, ConnectorsInternal, ListedWallet } from '../connectors/index.js'
import type { PorticoError } from '../errors/index.js'
import type { ModalInternal } from '../modal/index.js'
import type {
  ProviderListeners,
  WalletConnectProvider,
  WalletConnectSignIn,
} from './createWalletConnectProvider.js'
import type { WalletLinkKind, WalletLinks } from './deepLinks.js'

/** Where a WalletConnect pairing is. */
export type WalletConnectStatus = 'disconnected' | 'connecting' | 'connected'

/** The deep link a user chose for WalletConnect, reused to open their wallet for requests. */
export type DeepLinkChoice = { name: string; href: string }

/** WalletConnect pairing and deep links (`client.walletConnect`). */
export type WalletConnectFeature = {
  connector: Connector
  $wcUri: ReadableAtom<string | undefined>
  /** When the URI stops being valid (ms since epoch). */
  $wcPairingExpiry: ReadableAtom<number | undefined>
  /** The deep link the user chose; stored on success. */
  $wcLinking: ReadableAtom<DeepLinkChoice | undefined>
  /** The listed wallet the user picked for this pairing. */
  $recentWallet: ReadableAtom<ListedWallet | undefined>
  $wcError: ReadableAtom<PorticoError | undefined>
  /** Waiting for a URI. */
  $buffering: ReadableAtom<boolean>
  $status: ReadableAtom<WalletConnectStatus>
  /** How the last session was made: 'mobile' (deep link) or 'qrcode'. */
  $connectedVia: ReadableAtom<'mobile' | 'qrcode' | undefined>
  /** Picks the wallet the next links point at (undefined: a plain QR code). */
  selectWallet(wallet: ListedWallet | undefined): void
  /** Starts pairing (or joins the one under way); renews an expired URI. */
  startPairing(): Promise<ConnectReturnType | undefined>
  retry(): Promise<ConnectReturnType | undefined>
  /** The selected wallet's links for the current URI. */
  links(): WalletLinks
  /** Opens a link in the same click (no await before it). */
  openLink(kind: WalletLinkKind): void
  /** Back to disconnected: clears the URI, the linking and the recent wallet. */
  reset(): void
}

/** What sibling features may do with WalletConnect. */
export type WalletConnectInternal = WalletConnectFeature & {
  /** Asks for a sign-in within every pairing's approval from now on (undefined: no more). */
  setSignIn(signIn: WalletConnectSignIn | undefined): void
}

/** The stores as the shell makes them and the heavy half writes them. */
export type WalletConnectAtoms = {
  [K in Exclude<keyof WalletConnectFeature, '$buffering'> as K extends `$${string}`
    ? K
    : never]: WalletConnectFeature[K] extends ReadableAtom<infer V> ? WritableAtom<V> : never
}

/** What the shell hands its heavy half (`lazy.ts`). */
export type WalletConnectShell = {
  stores: WalletConnectAtoms
  /** The connector every page registers; its provider is the front of the half's. */
  connector: Connector
  /** Who listens to the provider: registered on the front, heard from the half's provider. */
  listeners: ProviderListeners
  /** Whether a choice was made or cleared since the page loaded (it wins over the stored one). */
  linking: { changed: boolean }
  /** Where the choice is kept. */
  linkingKey: string
  /** The sign-in a sibling asks for within the approval, if any. */
  signIn(): WalletConnectSignIn | undefined
  /** The public reset: the stores, then the half's own state. */
  reset(): void
  connection: ConnectionInternal
  connectors: ConnectorsInternal
  modal: ModalInternal
}

/** The heavy half: the real provider, the links, the stored choice, the connection's rules. */
export type WalletConnectHalf = Pick<WalletConnectFeature, 'links' | 'openLink'> & {
  provider: WalletConnectProvider
  /** Reads the stored deep-link choice, unless one was made or cleared since the page loaded. */
  readLinking(): void
  /** Renews the URI of the pairing under way when it has expired. */
  renewIfExpired(): void
  /** Forgets the pairing's timer and how it was linked. */
  reset(): void
  /** What a connection event means for WalletConnect. */
  onConnection(event: ConnectionEvent): void
}
