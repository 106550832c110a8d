import type { Address, Hex } from '../../chains/evm/types.js'

/** Transactions per page of `GET /v1/account/{address}/history`. */
export const HISTORY_PAGE_SIZE = 20

/** One fungible (ETH or ERC-20) or NFT (ERC-721) movement, as the history API answers it. */
export type HistoryTransfer = {
  fungible_info?: { name: string; symbol: string; icon: { url: string } }
  nft_info?: { name: string; content: { preview: { url: string } }; flags: { is_spam: boolean } }
  /** From the account's point of view; `self` when it sent to itself. */
  direction: 'in' | 'out' | 'self'
  /** Whole units as a decimal string (`'1'` for an NFT). */
  quantity: { numeric: string }
  /** USD, from the devnet price table at the time of the request (0 for NFTs). */
  value: number
  /** USD per whole token (0 for NFTs and unpriced tokens). */
  price: number
}

export type HistoryOperation = 'send' | 'receive' | 'execute' | 'mint' | 'approve'

/** One item of the history answer: a mined transaction seen from one account. */
export type HistoryTransaction = {
  /** `${hash}:${chainId}`: unique in one account's history. */
  id: string
  metadata: {
    operationType: HistoryOperation
    hash: Hex
    /** ISO 8601, from the block's timestamp. */
    minedAt: string
    sentFrom: Address
    /** The transaction's `to`; for a contract creation, the created contract. */
    sentTo: Address
    status: 'confirmed' | 'failed' | 'pending'
    nonce: number
    /** CAIP-2 network id, e.g. `eip155:31337`. */
    chain: `eip155:${number}`
  }
  transfers: HistoryTransfer[]
}

export type HistoryPage = { data: HistoryTransaction[]; next: string | null }

/** A value movement read from a mined block, before it is seen from one account. */
export type IndexedTransfer =
  | { kind: 'native'; from: Address; to: Address; amount: bigint }
  | { kind: 'erc20'; contract: Address; from: Address; to: Address; amount: bigint }
  | { kind: 'erc721'; contract: Address; from: Address; to: Address; tokenId: bigint }

/** A mined transaction with everything the history answer needs. */
export type IndexedTransaction = {
  chainId: number
  hash: Hex
  blockNumber: number
  /** Position in its block. */
  index: number
  /** Block timestamp, unix seconds. */
  timestamp: number
  from: Address
  /** The created contract for a contract creation. */
  to: Address
  nonce: number
  status: 'confirmed' | 'failed'
  /**
   * What moved, in execution order: the transaction's own value, ERC-20 and ERC-721 `Transfer`
   * logs, and ETH moved by internal calls. For a failed transaction, what it tried to move (its
   * value, or the arguments of an ERC-20 `transfer` call), though nothing did.
   */
  transfers: IndexedTransfer[]
  /** Owners named by `Approval`/`ApprovalForAll` logs of the transaction. */
  approvers: Address[]
}

export type TokenInfo =
  | { kind: 'erc20'; name: string; symbol: string; decimals: number }
  | { kind: 'erc721'; name: string; symbol: string }
