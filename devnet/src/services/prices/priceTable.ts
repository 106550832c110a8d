import { DEFAULT_PRICES } from '../../chains/evm/tokens.js'

/**
 * USD per whole token, by symbol (case-insensitive): the defaults merged with the start options'
 * `prices`, which also set the prices the swap pools are seeded at. A price set while the devnet
 * runs (`set`) is *pinned*: the balance, price and history routes answer it instead of the
 * pool's price until `reset` (see `swap/pricing.ts` for the whole rule).
 */
export type PriceTable = {
  get(symbol: string): number | undefined
  /** The price a test pinned with `set`, if any. */
  pinned(symbol: string): number | undefined
  set(symbol: string, usd: number): void
  all(): Record<string, number>
  /** Back to the defaults and the start options' prices; no price stays pinned. */
  reset(): void
}

export function createPriceTable(overrides: Record<string, number> = {}): PriceTable {
  const initial = normalise({ ...DEFAULT_PRICES, ...overrides })
  for (const [symbol, usd] of Object.entries(initial)) check(symbol, usd)
  let prices = new Map(Object.entries(initial))
  const pins = new Map<string, number>()

  return {
    get: (symbol) => prices.get(symbol.toUpperCase()),
    pinned: (symbol) => pins.get(symbol.toUpperCase()),
    set(symbol, usd) {
      check(symbol, usd)
      prices.set(symbol.toUpperCase(), usd)
      pins.set(symbol.toUpperCase(), usd)
    },
    all: () => Object.fromEntries(prices),
    reset() {
      prices = new Map(Object.entries(initial))
      pins.clear()
    },
  }
}

function check(symbol: string, usd: number) {
  if (!Number.isFinite(usd) || usd < 0) throw new Error(`invalid price ${usd} for ${symbol}`)
}

function normalise(prices: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(prices).map(([k, v]) => [k.toUpperCase(), v]))
}
