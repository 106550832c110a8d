import type { IdentifierString, Wallet } from '@wallet-standard/core'
import type { PendingApproval } from '../shared/approvals.js'
import type { BrowserWalletControls, BrowserWalletOptions } from '../shared/types.js'

/** A cluster the wallet can sign for and send to. */
export type DevnetSolanaWalletChain = {
  /** The CAIP-2 id, e.g. `solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP`. */
  id: IdentifierString
  name: string
  rpcUrl: string
  /** Other names apps may use for it, e.g. the Wallet Standard's `solana:localnet`. */
  aliases?: readonly IdentifierString[]
}

/** Its accounts are the mnemonic's m/44'/501'/i'/0'. */
export type DevnetSolanaWalletOptions = BrowserWalletOptions & {
  chains: readonly DevnetSolanaWalletChain[]
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

export type DevnetSolanaWalletCore = BrowserWalletControls & {
  /** The Wallet Standard wallet to register. */
  wallet: Wallet
  /** Resolves once the keys are derived. */
  ready: Promise<void>
  snapshot(): SolanaWalletSnapshot
  selectChain(chainId: string): void
}
