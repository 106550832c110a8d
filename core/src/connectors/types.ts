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
  /** Ends the session where a connector has one (WalletConnect); the adapter's default otherwise. */
  disconnect?: () => Promise<void>
}

/** EIP-6963 wallet metadata, validated. */
export type Eip6963Info = { uuid: string; name: string; icon: string; rdns: string }

/** A connector an app brings itself (spec: EXTERNAL). */
export type ExternalConnector = {
  id: string
  name: string
  imageUrl?: string
  chain?: ChainNamespace
  provider: Eip1193Provider
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
