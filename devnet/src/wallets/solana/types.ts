import type { IdentifierString, Wallet } from '@wallet-standard/core'
import type { PendingApproval } from '../shared/approvals.js'

/** A cluster the wallet can sign for and send to. */
export type DevnetSolanaWalletChain = {
  /** The CAIP-2 id, e.g. `solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP`. */
  id: IdentifierString
  name: string
  rpcUrl: string
  /** Other names apps may use for it, e.g. the Wallet Standard's `solana:localnet`. */
  aliases?: readonly IdentifierString[]
}

export type DevnetSolanaWalletOptions = {
  chains: readonly DevnetSolanaWalletChain[]
  mnemonic?: string
  /** How many mnemonic accounts (m/44'/501'/i'/0') the wallet holds; 2 by default. */
  accountCount?: number
  /** Approve every request at once, with no prompt (for tests). */
  autoApprove?: boolean
  storageKey?: string
  /** The site the wallet believes it talks to; `location.origin` by default. */
  origin?: string
}

export type SolanaPendingApproval = PendingApproval

export type SolanaWalletSnapshot = {
  /** Empty until the keys are derived (WebCrypto is asynchronous). */
  accounts: readonly string[]
  accountIndex: number
  chains: readonly DevnetSolanaWalletChain[]
  chainId: IdentifierString
  authorized: boolean
  origin: string
  pending: readonly SolanaPendingApproval[]
}

export type DevnetSolanaWalletCore = {
  /** The Wallet Standard wallet to register. */
  wallet: Wallet
  /** Resolves once the keys are derived. */
  ready: Promise<void>
  snapshot(): SolanaWalletSnapshot
  subscribe(listener: () => void): () => void
  selectAccount(index: number): void
  selectChain(chainId: string): void
  /** Wallet-side "disconnect this site". */
  disconnectSite(): void
  rejectPending(): void
}
