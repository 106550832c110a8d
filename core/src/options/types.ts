import type { AdapterLoaders } from '../adapters/types.js'
import type { CaipNetworkId, ChainNamespace } from '../caip/index.js'
import type { ExternalConnector } from '../connectors/types.js'
import type { LogLevel } from '../logger/index.js'
import type { SocialProvider, StorageAdapter } from '../storage/index.js'

export type ThemeMode = 'light' | 'dark'

/** CSS-level theme overrides; each becomes a `--portico-*` custom property. */
export type ThemeVariables = {
  accent?: string
  background?: string
  foreground?: string
  fontFamily?: string
  borderRadius?: string
  zIndex?: number
}

export type NativeCurrency = { name: string; symbol: string; decimals: number }

/** A network the app supports, named by its CAIP-2 id. */
export type PorticoNetwork = {
  /** CAIP-2 id, e.g. `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  id: CaipNetworkId
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: { http: readonly string[]; webSocket?: readonly string[] }
  blockExplorers?: readonly { name: string; url: string }[]
  testnet?: boolean
  imageUrl?: string
}

export type Metadata = {
  name: string
  description: string
  url: string
  icons: readonly string[]
}

export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

export const WALLET_FEATURES = ['onramp', 'swaps', 'receive', 'send'] as const
export type WalletFeature = (typeof WALLET_FEATURES)[number]

export const CONNECTOR_TYPE_ORDER_DEFAULT = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
export type ConnectorTypeOrderItem = (typeof CONNECTOR_TYPE_ORDER_DEFAULT)[number]

/** Social entries: the six social-login providers, and Farcaster, which has its own flow. */
export type SocialOption = SocialProvider | 'farcaster'

export type Features = {
  swaps: boolean
  onramp: boolean
  receive: boolean
  send: boolean
  email: boolean
  socials: readonly SocialOption[] | false
  history: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  pay: boolean
  walletFeaturesOrder: readonly WalletFeature[]
  connectorTypeOrder: readonly ConnectorTypeOrderItem[]
}

/** A sign-in session: what was signed, by whom, and the signature. */
export type SiwxSession = {
  data: {
    accountAddress: string
    chainId: CaipNetworkId
    domain?: string
    uri?: string
    version?: string
    nonce?: string
    issuedAt?: string
    expirationTime?: string
    statement?: string
  }
  message: string
  signature: string
  cacao?: unknown
}

/** Sign in with any chain (SIWX): the app decides how messages are made and sessions kept. */
export type SiwxConfig = {
  createMessage(input: { accountAddress: string; chainId: CaipNetworkId }): Promise<{
    toString(): string
    data: SiwxSession['data']
  }>
  addSession(session: SiwxSession): Promise<void>
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  setSessions(sessions: SiwxSession[]): Promise<void>
  getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]>
  /** When true, the modal cannot be closed until the user has signed in. */
  getRequired?(): boolean
  signOutOnDisconnect?: boolean
}

/** The legacy sign-in-with-Ethereum config. Accepted for migration; not combinable with `siwx`. */
export type SiweConfig = Record<string, unknown>

export type ApiUrls = {
  /** Blockchain data API (balances, identity, history, names, swaps, on-ramp). */
  blockchain: string
  /** Toolkit backend (wallet listing, images, origins, analytics). */
  toolkit: string
  /** Analytics events. */
  pulse: string
  /** The secure sign-in site loaded in the hidden frame. */
  secureSite: string
  /** WalletConnect relay. */
  relay: string
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

export type PorticoOptions = {
  /** Project id of the hosted services; required in production. */
  projectId?: string
  networks: readonly [PorticoNetwork, ...PorticoNetwork[]]
  /** Network to start on; the first of `networks` otherwise. */
  defaultNetwork?: CaipNetworkId
  metadata?: Metadata
  features?: Partial<Features>
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  siwx?: SiwxConfig
  siweConfig?: SiweConfig
  /** Let the user stay on a network the app does not list. Off by default. */
  allowUnsupportedChain?: boolean
  /** Offer network switching (and UnsupportedChain). On by default. */
  enableNetworkSwitch?: boolean
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>
  /** Do not append the modal to `document.body`; the app places it. */
  disableAppend?: boolean
  /** Embedded mode: the modal renders inline where the app puts it. */
  enableEmbedded?: boolean
  apiUrls?: Partial<ApiUrls>
  /** Where Portico keeps state across reloads. Browser storage by default. */
  storage?: StorageAdapter | 'memory'
  logLevel?: LogLevel
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  featuredWalletIds?: readonly string[]
  customWallets?: readonly CustomWallet[]
  /**
   * Tokens whose `transfer` returns no value, like mainnet USDT (already listed), as CAIP-10
   * addresses: sends to them use the transfer ABI without a return value.
   */
  noReturnTransferTokens?: readonly string[]
  /** Connectors the app brings (spec: EXTERNAL), e.g. a wallet SDK's EIP-1193 provider. */
  connectors?: readonly ExternalConnector[]
  /**
   * Server-side rendering: restore a stored connection only when `PorticoProvider` mounts (or the
   * app calls `client.connection.reconnect()`), so the first client render matches the server's.
   */
  ssr?: boolean
  /** Chain adapters by namespace, loaded on first use. EVM (viem) by default. */
  adapters?: AdapterLoaders
  /** The `fetch` for every HTTP request (APIs and chain reads); the global one by default. */
  fetch?: typeof fetch
  /** The clock used for caches and cooldowns; `Date.now` by default. For tests. */
  now?: () => number
}

export type ResolvedOptions = Omit<
  PorticoOptions,
  | 'features'
  | 'themeMode'
  | 'themeVariables'
  | 'allowUnsupportedChain'
  | 'enableNetworkSwitch'
  | 'defaultAccountTypes'
  | 'disableAppend'
  | 'enableEmbedded'
  | 'apiUrls'
  | 'storage'
  | 'now'
  | 'connectors'
  | 'adapters'
  | 'fetch'
  | 'defaultNetwork'
  | 'includeWalletIds'
  | 'excludeWalletIds'
  | 'featuredWalletIds'
  | 'customWallets'
> & {
  projectId: string
  defaultNetwork: PorticoNetwork
  features: Features
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  allowUnsupportedChain: boolean
  enableNetworkSwitch: boolean
  defaultAccountTypes: Record<ChainNamespace, AccountType>
  disableAppend: boolean
  enableEmbedded: boolean
  apiUrls: ApiUrls
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
  featuredWalletIds: readonly string[]
  customWallets: readonly CustomWallet[]
}
