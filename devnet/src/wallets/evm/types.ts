import type { Address } from 'viem'

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

/** A request waiting for the person (or Playwright) to approve or reject it. */
export type PendingApproval = {
  id: number
  method: string
  title: string
  /** Plain-text lines describing the request; always rendered as text, never as markup. */
  details: string[]
  decide(approved: boolean): void
}

export type WalletSnapshot = {
  accounts: readonly Address[]
  accountIndex: number
  chains: readonly DevnetWalletChain[]
  chainId: number
  authorized: boolean
  origin: string
  pending: readonly PendingApproval[]
}
