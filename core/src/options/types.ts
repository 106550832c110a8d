import type { CaipNetworkId } from '../caip/index.js'
import type { LogLevel } from '../logger/index.js'
import type { PorticoInitialState, StorageAdapter } from '../storage/index.js'

/** A network's native token. */
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

/** A chain's RPC endpoints as viem lists them. */
export type ChainRpcUrls = { http: readonly string[]; webSocket?: readonly string[] | undefined }

/** A block explorer as viem lists it. */
export type ChainBlockExplorer = { name: string; url: string; apiUrl?: string | undefined }

/**
 * An EVM chain as viem describes it: `mainnet`, `base`… from `viem/chains`, or `defineChain(…)`.
 * `createPortico` turns it into a PorticoNetwork (`eip155:<id>`, the `default` RPC URLs first,
 * the `default` explorer first).
 */
export type EvmChain = {
  id: number
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: { readonly [key: string]: ChainRpcUrls; default: ChainRpcUrls }
  blockExplorers?:
    | { readonly [key: string]: ChainBlockExplorer; default: ChainBlockExplorer }
    | undefined
  testnet?: boolean | undefined
}

/** What `networks` accepts: Portico's CAIP-2 form or a viem chain. */
export type NetworkInput = PorticoNetwork | EvmChain

/** The app, as wallets show it when they ask the user to connect or sign. */
export type Metadata = {
  name: string
  description: string
  url: string
  icons: readonly string[]
}

/** Account kinds a namespace can hand out. */
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

/** The account actions, in the order the Account view offers them by default. */
export const WALLET_FEATURES = ['onramp', 'swaps', 'receive', 'send'] as const
/** An account action the Account view offers. */
export type WalletFeature = (typeof WALLET_FEATURES)[number]

/** The groups of the Connect view, in their default order. */
export const CONNECTOR_TYPE_ORDER_DEFAULT = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
/** A group of the Connect list. */
export type ConnectorTypeOrderItem = (typeof CONNECTOR_TYPE_ORDER_DEFAULT)[number]

/** The social login providers. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
/** A social login provider. */
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
/** Social entries: the six providers, and Farcaster, which has its own flow. */
export type SocialOption = SocialProvider | 'farcaster'

/** Which parts of the product are on. */
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

/** Base URLs of the hosted services (or the devnet's). */
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

/** The options every feature may read. Each feature adds its own (see `PorticoOptions`). */
export type BaseOptions = {
  /** Project id of the hosted services; required in production. */
  projectId?: string
  /**
   * The networks the app supports, the first one the default: Portico networks (`eip155:1`…) or
   * chains from `viem/chains`, mixed as you like.
   */
  networks: readonly [NetworkInput, ...NetworkInput[]]
  metadata?: Metadata
  features?: Partial<Features>
  apiUrls?: Partial<ApiUrls>
  /** Do not append the modal to `document.body`; the app places it. */
  disableAppend?: boolean
  /** Embedded mode: the modal renders inline where the app puts it. */
  enableEmbedded?: boolean
  /**
   * Where Portico keeps state across reloads. Browser storage by default; `cookieStorage` for apps
   * rendered on the server too.
   */
  storage?: StorageAdapter | 'memory'
  /**
   * What the server saw in the request's cookies (`cookieToInitialState(cookieHeader)`): the
   * client's first render reads it, on the server and in the browser alike, so the server HTML
   * shows the stored connection and hydration finds no difference. With `ssr: true`.
   */
  initialState?: PorticoInitialState | undefined
  logLevel?: LogLevel
  /** The `fetch` for every HTTP request (APIs and chain reads); the global one by default. */
  fetch?: typeof fetch
  /** The clock used for caches and cooldowns; `Date.now` by default. For tests. */
  now?: () => number
}

/** The shared options with their defaults applied and checked. */
export type ResolvedOptions = {
  projectId: string
  networks: readonly [PorticoNetwork, ...PorticoNetwork[]]
  metadata: Metadata | undefined
  features: Features
  apiUrls: ApiUrls
  disableAppend: boolean
  enableEmbedded: boolean
}

/** The network ids of the app's networks; handy for `defaultNetwork`. */
export type NetworkId = CaipNetworkId
