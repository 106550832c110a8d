import type { Address } from 'viem'
import type { PendingApproval } from '../shared/approvals.js'

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

export type DevnetWalletOptions = {
  chains: readonly DevnetWalletChain[]
  mnemonic?: string
  /** Approve every request at once, with no prompt (for tests). */
  autoApprove?: boolean
  /** How many mnemonic accounts the wallet holds; 2 by default. */
  accountCount?: number
  /** localStorage key for what the wallet remembers; one per wallet on a page. */
  storageKey?: string
  /** The site the wallet believes it talks to; `location.origin` by default. */
  origin?: string
}

export type DevnetWalletCore = {
  provider: DevnetProvider
  snapshot(): WalletSnapshot
  /** Called after every change of state or of the pending requests. */
  subscribe(listener: () => void): () => void
  /** Wallet-side account switch (the "Account" control). */
  selectAccount(index: number): void
  /** Wallet-side network switch (the "Network" control). */
  selectChain(chainId: number): void
  /** Wallet-side "disconnect this site": forgets the approval and emits disconnect. */
  disconnectSite(): void
  /** Rejects every waiting request (the wallet is going away). */
  rejectPending(): void
}
