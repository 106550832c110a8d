import type { Address } from 'viem'
import type { ChainReader } from '../../chains/evm/reader.js'
import { SPAM_NFT, TOKEN_DEFINITIONS } from '../../chains/evm/tokens.js'
import type { DevnetChain, DevnetTokens } from '../../chains/evm/types.js'
import type { PriceSnapshot, Pricing } from '../swap/pricing.js'
import { compareKeys, decodeCursor, encodeCursor, type HistoryKey, keyOf } from './cursor.js'
import { type ChainIndexer, createChainIndexer } from './indexer.js'
import { type PresentContext, presentTransaction } from './present.js'
import { HISTORY_PAGE_SIZE, type HistoryPage, type TokenInfo } from './types.js'

export type HistoryServiceOptions = {
  chains: readonly DevnetChain[]
  readers: ReadonlyMap<number, ChainReader>
  tokens: Readonly<Record<number, DevnetTokens>>
  /** Prices at request time, per chain (the pools move them). */
  pricing: Pricing
}

type HistoryQuery = {
  /** The chains to read; every indexed chain when absent. */
  chainIds?: readonly number[]
  /** The previous page's `next`; null or absent for the first page. */
  cursor?: string | null
  /** Image URLs for a symbol, built by the route with the caller's base URL and query. */
  tokenIcon(symbol: string): string
  nftImage(symbol: string): string
}

export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor')
  }
}

export type HistoryService = {
  indexers: ReadonlyMap<number, ChainIndexer>
  /** Brings the chains up to date, then answers one page, newest first. */
  page(account: Address, query: HistoryQuery): Promise<HistoryPage>
}

/**
 * The history of the configured chains: one indexer per chain, synced on each request (so a
 * transfer mined just before the request is in the answer), merged newest first and paged by a
 * cursor.
 */
export function createHistoryService(options: HistoryServiceOptions): HistoryService {
  const indexers = new Map<number, ChainIndexer>()
  for (const chain of options.chains) {
    const reader = options.readers.get(chain.chainId)
    if (!reader) continue
    indexers.set(
      chain.chainId,
      createChainIndexer({
        chain,
        client: reader.client,
        knownTokens: knownTokens(options.tokens[chain.chainId]),
      }),
    )
  }

  async function page(account: Address, query: HistoryQuery): Promise<HistoryPage> {
    const after: HistoryKey | null = query.cursor ? decodeCursor(query.cursor) : null
    if (query.cursor && !after) throw new InvalidCursorError()
    const chosen = (query.chainIds ?? [...indexers.keys()]).flatMap((id) => {
      const indexer = indexers.get(id)
      return indexer ? [indexer] : []
    })
    await Promise.all(chosen.map((indexer) => indexer.sync()))

    const all = chosen
      .flatMap((indexer) => indexer.transactionsOf(account))
      .map((tx) => ({ tx, key: keyOf(tx) }))
      .filter(({ key }) => !after || compareKeys(key, after) > 0)
      .sort((a, b) => compareKeys(a.key, b.key))
    const pageItems = all.slice(0, HISTORY_PAGE_SIZE)
    const last = pageItems.at(-1)
    const chainIds = [...new Set(pageItems.map(({ tx }) => tx.chainId))]
    const snapshots = new Map<number, PriceSnapshot>(
      await Promise.all(
        chainIds.map(async (id) => [id, await options.pricing.snapshot(id)] as const),
      ),
    )

    const context: PresentContext = {
      token: (chainId, address) => indexers.get(chainId)?.token(address),
      isSpam: (chainId, address) => options.tokens[chainId]?.spamNft === address,
      price: (chainId, symbol) => snapshots.get(chainId)?.price(symbol) ?? 0,
      tokenIcon: query.tokenIcon,
      nftImage: query.nftImage,
    }
    return {
      data: pageItems.map(({ tx }) => presentTransaction(tx, account, context)),
      next: all.length > HISTORY_PAGE_SIZE && last ? encodeCursor(last.key) : null,
    }
  }

  return { indexers, page }
}

/** The devnet's own tokens and spam NFT, so the indexer need not read their metadata. */
function knownTokens(tokens: DevnetTokens | undefined): Map<Address, TokenInfo> {
  const known = new Map<Address, TokenInfo>()
  if (!tokens) return known
  for (const token of TOKEN_DEFINITIONS) {
    known.set(tokens[token.key], {
      kind: 'erc20',
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
    })
  }
  known.set(tokens.spamNft, { kind: 'erc721', ...SPAM_NFT })
  return known
}
