import type { Address } from 'viem'
import type { PendingApproval } from '../shared/approvals.js'
import type { BrowserWalletControls, BrowserWalletOptions } from '../shared/types.js'

export type { PendingApproval }

export type DevnetWalletChain = {
  chainId: number
  name: string
  rpcUrl: string
}

export type RequestArguments = { method: string; params?: readonly unknown[] | object }

export type ProviderEvent =
  | 'accountsChanged'
  | 'chainChanged'
  | 'connect'
  | 'disconnect'
  | 'message'

/** The EIP-1193 provider the wallet announces. */
export type DevnetProvider = {
  request(args: RequestArguments): Promise<unknown>
  on(event: ProviderEvent, listener: (payload: never) => void): DevnetProvider
  removeListener(event: ProviderEvent, listener: (payload: never) => void): DevnetProvider
  isDevnetWallet: true
}

export type EIP6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

export type WalletSnapshot = {
  accounts: readonly Address[]
  accountIndex: number
  chains: readonly DevnetWalletChain[]
  chainId: number
  authorized: boolean
  origin: string
  pending: readonly PendingApproval[]
}

export type DevnetWalletOptions = BrowserWalletOptions & { chains: readonly DevnetWalletChain[] }

export type DevnetWalletCore = BrowserWalletControls & {
  provider: DevnetProvider
  snapshot(): WalletSnapshot
  /** Wallet-side network switch (the "Network" control). */
  selectChain(chainId: number): void
}
