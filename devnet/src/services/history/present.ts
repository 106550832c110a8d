import { type Address, formatUnits, zeroAddress } from 'viem'
import { NATIVE_CURRENCY } from '../../chains/evm/constants.js'
import type {
  HistoryOperation,
  HistoryTransaction,
  HistoryTransfer,
  IndexedTransaction,
  IndexedTransfer,
  TokenInfo,
} from './types.js'

/** What turning an indexed transaction into an answer needs from the rest of the devnet. */
export type PresentContext = {
  token(chainId: number, address: Address): TokenInfo | undefined
  isSpam(chainId: number, address: Address): boolean
  /** USD per whole token on the chain at request time, 0 when there is none. */
  price(chainId: number, symbol: string): number
  /** The server's token image URL for a symbol. */
  tokenIcon(symbol: string): string
  /** The server's image URL for an NFT collection. */
  nftImage(symbol: string): string
}

/**
 * A transaction seen from `account`: only the transfers it takes part in, their direction from
 * its side, and an operation type from them: every transfer in → `receive` (`mint` when all
 * come from the zero address), every transfer out or to itself → `send`, both ways (a swap) →
 * `execute`; no transfer of its own → `approve` if the account approved something, else
 * `execute`.
 */
export function presentTransaction(
  tx: IndexedTransaction,
  account: Address,
  context: PresentContext,
): HistoryTransaction {
  const mine = tx.transfers.filter((t) => t.from === account || t.to === account)
  const transfers = mine.map((transfer) => presentTransfer(tx.chainId, transfer, account, context))
  return {
    id: `${tx.hash}:${tx.chainId}`,
    metadata: {
      operationType: operationOf(tx, mine, transfers, account),
      hash: tx.hash,
      minedAt: new Date(tx.timestamp * 1000).toISOString(),
      sentFrom: tx.from,
      sentTo: tx.to,
      status: tx.status,
      nonce: tx.nonce,
      chain: `eip155:${tx.chainId}`,
    },
    transfers,
  }
}

function operationOf(
  tx: IndexedTransaction,
  mine: IndexedTransfer[],
  transfers: HistoryTransfer[],
  account: Address,
): HistoryOperation {
  if (transfers.length === 0) return tx.approvers.includes(account) ? 'approve' : 'execute'
  const directions = new Set(transfers.map((t) => t.direction))
  if (!directions.has('in')) return 'send'
  if (directions.size > 1) return 'execute'
  return mine.every((t) => t.from === zeroAddress) ? 'mint' : 'receive'
}

function presentTransfer(
  chainId: number,
  transfer: IndexedTransfer,
  account: Address,
  context: PresentContext,
): HistoryTransfer {
  const direction =
    transfer.from === account && transfer.to === account
      ? 'self'
      : transfer.from === account
        ? 'out'
        : 'in'

  if (transfer.kind === 'erc721') {
    const info = context.token(chainId, transfer.contract)
    const collection = info?.name ?? 'Unknown collection'
    return {
      nft_info: {
        name: `${collection} #${transfer.tokenId}`,
        content: { preview: { url: context.nftImage(info?.symbol ?? 'NFT') } },
        flags: { is_spam: context.isSpam(chainId, transfer.contract) },
      },
      direction,
      quantity: { numeric: '1' },
      value: 0,
      price: 0,
    }
  }

  const info =
    transfer.kind === 'native'
      ? NATIVE_CURRENCY
      : (() => {
          const token = context.token(chainId, transfer.contract)
          return token?.kind === 'erc20'
            ? token
            : {
                name: token?.name ?? 'Unknown token',
                symbol: token?.symbol ?? 'UNKNOWN',
                decimals: 0,
              }
        })()
  const numeric = formatUnits(transfer.amount, info.decimals)
  const price = context.price(chainId, info.symbol)
  return {
    fungible_info: {
      name: info.name,
      symbol: info.symbol,
      icon: { url: context.tokenIcon(info.symbol) },
    },
    direction,
    quantity: { numeric },
    value: Number(numeric) * price,
    price,
  }
}
