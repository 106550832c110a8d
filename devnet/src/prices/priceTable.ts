import { DEFAULT_PRICES } from '../config/tokens.js'

/** USD per whole token, by symbol (case-insensitive). The balance and price routes read it. */
export type PriceTable = {
  get(symbol: string): number | undefined
  set(symbol: string, usd: number): void
  all(): Record<string, number>
  /** Back to the defaults and the start options' prices. */
  reset(): void
}

export function createPriceTable(overrides: Record<string, number> = {}): PriceTable {
  const initial = normalise({ ...DEFAULT_PRICES, ...overrides })
  let prices = new Map(Object.entries(initial))

  return {
    get: (symbol) => prices.get(symbol.toUpperCase()),
    set(symbol, usd) {
      if (!Number.isFinite(usd) || usd < 0) throw new Error(`invalid price ${usd} for ${symbol}`)
      prices.set(symbol.toUpperCase(), usd)
    },
    all: () => Object.fromEntries(prices),
    reset() {
      prices = new Map(Object.entries(initial))
    },
  }
}

function normalise(prices: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(prices).map(([k, v]) => [k.toUpperCase(), v]))
}
