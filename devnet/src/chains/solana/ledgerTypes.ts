import type { Address, Blockhash, EncodedAccount } from '@solana/kit'
import type { TransactionErrorJson } from './errors.js'
import type { uiTokenAmount } from './tokens.js'

// What the ledger records and answers: landed transactions, blocks, simulations.

export type TokenBalanceJson = {
  accountIndex: number
  mint: Address
  owner: Address
  programId: Address
  uiTokenAmount: ReturnType<typeof uiTokenAmount>
}

export type LandedTransaction = {
  signature: string
  slot: bigint
  blockTime: bigint
  err: TransactionErrorJson | null
  fee: bigint
  logs: string[]
  computeUnits: bigint
  accountKeys: Address[]
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalanceJson[]
  postTokenBalances: TokenBalanceJson[]
  /** The wire bytes; null for airdrops, which LiteSVM signs with its own faucet key. */
  wire: Uint8Array | null
  version: 'legacy' | number
}

export type Block = {
  slot: bigint
  parent: bigint
  blockHeight: bigint
  blockTime: bigint
  blockhash: Blockhash
  signatures: string[]
}

export type SimulationResult = {
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: bigint
  returnData: { programId: Address; data: [string, 'base64'] } | null
  /** Accounts after the simulated transaction (only when it succeeded). */
  postAccounts: EncodedAccount[]
  fee: bigint
}
