import type { ChainNamespace } from '../caip/index.js'
import type { Connector } from '../connectors/index.js'
import type { PorticoNetwork } from '../options/index.js'

export type AdapterAccount = {
  /** Addresses the wallet shares, the active one first. */
  addresses: readonly string[]
  /** The wallet's chain reference (`1` for eip155:1). */
  chainReference: string
}

export type NativeBalance = {
  value: bigint
  decimals: number
  symbol: string
  /** Whole units as a decimal string. */
  formatted: string
}

export type AdapterEventHandlers = {
  accountsChanged(addresses: readonly string[]): void
  chainChanged(chainReference: string): void
  disconnect(): void
}

/** One chain family (eip155, solana…) behind the same interface. */
export type ChainAdapter = {
  namespace: ChainNamespace
  /** Asks the wallet for access (prompts). */
  connect(connector: Connector): Promise<AdapterAccount>
  /** Checks silently whether the wallet still authorises this site; undefined if not. */
  reconnect(connector: Connector): Promise<AdapterAccount | undefined>
  disconnect(connector: Connector): Promise<void>
  switchNetwork(connector: Connector, network: PorticoNetwork): Promise<void>
  getNativeBalance(address: string, network: PorticoNetwork): Promise<NativeBalance>
  isAddress(address: string): boolean
  subscribe(connector: Connector, handlers: AdapterEventHandlers): () => void
  /** Sends a request to the wallet (signing, transactions). */
  request(connector: Connector, method: string, params?: readonly unknown[]): Promise<unknown>
}

/** What the client hands an adapter when it loads it. */
export type AdapterContext = {
  /** The app's `fetch` option, for chain reads; the global fetch when absent. */
  fetch?: typeof fetch
}

export type AdapterLoaders = Partial<
  Record<ChainNamespace, (context: AdapterContext) => Promise<ChainAdapter>>
>
