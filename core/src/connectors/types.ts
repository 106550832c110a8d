import type { WritableAtom } from 'nanostores'
import type { ChainNamespace } from '../caip/index.js'

/** An EIP-1193 provider: what browser wallets inject and WalletConnect exposes. */
export type Eip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>
  on?(event: string, listener: (...args: never[]) => void): unknown
  removeListener?(event: string, listener: (...args: never[]) => void): unknown
}

export const CONNECTOR_TYPES = [
  'INJECTED',
  'ANNOUNCED',
  'EXTERNAL',
  'MULTI_CHAIN',
  'AUTH',
  'WALLET_CONNECT',
] as const
/** How a connector reaches its wallet. */
export type ConnectorType = (typeof CONNECTOR_TYPES)[number]

/** A way to connect: a browser wallet, WalletConnect, the embedded auth wallet… */
export type Connector = {
  /** Stable across reloads: the rdns for announced wallets, 'injected', 'walletConnect'… */
  id: string
  name: string
  type: ConnectorType
  chain: ChainNamespace
  /** http(s) or data URI; only ever rendered through `<img>`. */
  imageUrl?: string
  rdns?: string
  /** Present for wallets the page talks to directly (injected, announced, external). */
  provider?: Eip1193Provider
  /** A Wallet Standard wallet (Solana, Bitcoin): what the namespace's adapter talks to. */
  wallet?: StandardWallet
  /** A sats-connect provider (Bitcoin wallets such as Xverse), when there is no Wallet Standard one. */
  satsConnect?: SatsConnectProvider
  /** Ends the session where a connector has one (WalletConnect); the adapter's default otherwise. */
  disconnect?: () => Promise<void>
}

/** EIP-6963 wallet metadata, validated. */
export type Eip6963Info = { uuid: string; name: string; icon: string; rdns: string }

/** A connector an app brings itself (spec: EXTERNAL): an EIP-1193 provider, or a wallet object. */
export type ExternalConnector = {
  id: string
  name: string
  imageUrl?: string
  /** eip155 by default. */
  chain?: ChainNamespace
  provider?: Eip1193Provider
  /** A Wallet Standard wallet the page did not register (a wallet SDK's own object). */
  wallet?: StandardWallet
  satsConnect?: SatsConnectProvider
}

/** An account of a Wallet Standard wallet, as far as Portico reads it. */
export type StandardWalletAccount = {
  readonly address: string
  readonly publicKey: ArrayLike<number>
  /** Chains the account can be used on (`solana:mainnet`, `bip122:…`, `bitcoin:regtest`…). */
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label?: string
}

/**
 * A Wallet Standard wallet (`@wallet-standard/base`'s `Wallet`), as far as Portico reads it.
 * Features are named `namespace:feature` (`standard:connect`, `solana:signMessage`…), each an
 * object with its functions; adapters check a feature's shape before they call it.
 */
export type StandardWallet = {
  readonly version: string
  readonly name: string
  /** A data URI. */
  readonly icon: string
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: readonly StandardWalletAccount[]
}

/**
 * A sats-connect provider (Xverse, Leather…, found through `window.btc_providers`): `request`
 * resolves a JSON-RPC 2.0 answer, `{ result }` or `{ error: { code, message } }`.
 */
export type SatsConnectProvider = {
  request(method: string, params?: unknown): Promise<unknown>
  addListener?(event: string, listener: (data: unknown) => void): unknown
}

/** A wallet the app adds to the list itself. */
export type CustomWallet = {
  id: string
  name: string
  imageUrl?: string
  rdns?: string
  mobileLink?: string
  desktopLink?: string
  webappLink?: string
}

/** A wallet the user connected before, shown first next time: what a listing says of it. */
export type RecentWallet = CustomWallet

/** What the connectors' shell hands its heavy half (`lazy.ts`). */
export type ConnectorsShell = {
  options: { connectors: readonly ExternalConnector[]; excludeWalletIds: readonly string[] }
  $connectors: WritableAtom<readonly Connector[]>
  $recentWallets: WritableAtom<readonly RecentWallet[]>
  /** Connectors other features added before the half was built (WalletConnect's). */
  added: readonly Connector[]
  /** The namespaces of the app's networks: Solana and Bitcoin wallets are looked for if listed. */
  namespaces: readonly ChainNamespace[]
}

/** The connectors' heavy half. */
export type ConnectorsHalf = {
  get(id: string): Connector | undefined
  startDiscovery(): void
  waitFor(id: string, timeoutMs: number): Promise<Connector | undefined>
  add(connector: Connector): void
  addRecentWallet(wallet: RecentWallet): void
}
