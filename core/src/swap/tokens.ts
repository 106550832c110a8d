import type { TokenBalance } from '../balances/index.js'
import type { CaipNetworkId } from '../caip/index.js'
import type { ApiSwapToken } from './api.js'
import { NATIVE_TOKEN_ADDRESS, SWAP_POPULAR_TOKENS, SWAP_SUGGESTED_TOKENS } from './tuning.js'
import type { SwapToken, SwapTokenLists } from './types.js'

/** The swap API's address of a chain's native token. */
export function nativeAddress(chainId: CaipNetworkId): string {
  return `${chainId}:${NATIVE_TOKEN_ADDRESS}`
}

/** Whether a CAIP-10 address is the native token's (`0xeeee…eeee`). */
export function isNativeAddress(address: string): boolean {
  return address.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`)
}

/** The same token, whatever the case of its address. */
export function sameToken(a: { address: string } | undefined, b: { address: string } | undefined) {
  return a !== undefined && b !== undefined && a.address.toLowerCase() === b.address.toLowerCase()
}

/** The key a balance is found by: its lower-cased address, the native one for the native token. */
const balanceKey = (balance: TokenBalance) =>
  (balance.address ?? nativeAddress(balance.chainId as CaipNetworkId)).toLowerCase()

function rank(symbol: string): number {
  const upper = symbol.toUpperCase()
  const suggested = (SWAP_SUGGESTED_TOKENS as readonly string[]).indexOf(upper)
  if (suggested !== -1) return suggested
  const popular = (SWAP_POPULAR_TOKENS as readonly string[]).indexOf(upper)
  return popular === -1 ? Number.POSITIVE_INFINITY : SWAP_SUGGESTED_TOKENS.length + popular
}

/**
 * The picker's lists: the API's tokens on `chainId` with their prices and what the account holds
 * (`balances` undefined while unknown). Tokens of another chain and duplicates are dropped; a
 * token the API lists twice keeps its first entry.
 */
export function buildTokenLists(parameters: {
  chainId: CaipNetworkId
  tokens: readonly ApiSwapToken[]
  prices: ReadonlyMap<string, number>
  balances: readonly TokenBalance[] | undefined
}): SwapTokenLists {
  const { chainId, tokens, prices, balances } = parameters
  const held = new Map<string, TokenBalance>()
  for (const balance of balances ?? []) {
    if (balance.chainId === chainId && !held.has(balanceKey(balance))) {
      held.set(balanceKey(balance), balance)
    }
  }
  const seen = new Set<string>()
  const all: SwapToken[] = []
  for (const token of tokens) {
    const key = token.address.toLowerCase()
    if (seen.has(key) || !key.startsWith(`${chainId.toLowerCase()}:`)) continue
    seen.add(key)
    const balance = held.get(key)
    const price = prices.get(key) ?? balance?.price ?? 0
    all.push({
      address: token.address,
      chainId,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      logoUri: token.logoUri,
      price,
      balance: balances === undefined ? undefined : (balance?.quantity.numeric ?? '0'),
      value: balance?.value ?? 0,
    })
  }
  const ordered = all
    .map((token, index) => ({ token, index }))
    .sort(
      (a, b) =>
        rank(a.token.symbol) - rank(b.token.symbol) ||
        (a.token.symbol < b.token.symbol ? -1 : a.token.symbol > b.token.symbol ? 1 : 0) ||
        a.index - b.index,
    )
    .map(({ token }) => token)
  const suggestedSymbols = SWAP_SUGGESTED_TOKENS as readonly string[]
  return {
    tokens: ordered,
    myTokens: ordered
      .filter((token) => held.has(token.address.toLowerCase()) && token.balance !== '0')
      .sort((a, b) => b.value - a.value),
    suggested: ordered.filter((token) => suggestedSymbols.includes(token.symbol.toUpperCase())),
  }
}
