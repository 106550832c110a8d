import type { BlockHeader } from './block.js'
import type { ParsedTransaction, TxOutput } from './parse.js'

// The records a ledger keeps: blocks, transactions, outputs, and the whole state.

export type BlockRecord = {
  hash: string
  height: number
  header: BlockHeader
  txids: string[]
  size: number
  weight: number
  medianTime: number
}

export type TxRecord = {
  tx: ParsedTransaction
  coinbase: boolean
  /** The outputs the inputs spend, in input order (empty for a coinbase). */
  prevouts: TxOutput[]
  fee: bigint
  /** Undefined while the transaction waits in the mempool. */
  block?: BlockRecord
}

export type OutputRecord = {
  txid: string
  vout: number
  value: bigint
  script: Uint8Array
  address: string | undefined
  coinbase: boolean
  /** The transaction that spends it, confirmed or in the mempool. */
  spentBy?: string
}

export type Utxo = OutputRecord & { confirmedAt?: BlockRecord }

export type TxoStats = {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

/** A copy of a ledger's whole state, to start another ledger from (see `snapshot`). */
export type LedgerSnapshot = {
  blocks: BlockRecord[]
  transactions: Map<string, TxRecord>
  outputs: Map<string, OutputRecord>
  scriptOutputs: Map<string, string[]>
  scriptTxs: Map<string, string[]>
  mempool: Map<string, TxRecord>
}
