import type { CatalogAsset, CatalogNetwork, OnrampCatalog } from './catalog.js'
import {
  FIAT_CURRENCIES,
  type FiatCurrency,
  PAYMENT_LIMITS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './config.js'

/**
 * A request the on-ramp cannot act on: answered with `status` (400 unless said) and
 * `{ error }`, plus `fields` (per form field) for the checkout's card form; nothing is stored.
 */
export class OnrampInputError extends Error {
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
    readonly status = 400,
  ) {
    super(message)
  }
}

export const fail = (message: string): never => {
  throw new OnrampInputError(message)
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Quoted back in messages, shortened so a huge value does not make a huge error. */
export const show = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return JSON.stringify(text === undefined ? String(value) : text.slice(0, 60))
}

const MAX_WHOLE_DIGITS = 12
const FIAT_PATTERN = new RegExp(`^(\\d{1,${MAX_WHOLE_DIGITS}})(?:\\.(\\d{1,2}))?$`)
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A decimal text of a number, or undefined for what a JSON number should not be here. */
function numberText(value: number): string | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined
  const text = String(value)
  return /e/i.test(text) ? undefined : text
}

/**
 * A fiat amount in cents. Accepts a string such as `"50"` or `"50.5"` or `"50.00"` (the SDK sends
 * its amount as a string) or a JSON number; at most 2 decimals and 12 whole digits, no sign.
 */
export function parseFiatAmount(value: unknown, field = 'amount'): bigint {
  const text =
    typeof value === 'string' ? value : typeof value === 'number' ? numberText(value) : undefined
  const match = text === undefined ? null : FIAT_PATTERN.exec(text)
  if (!match) {
    return fail(
      `${field}: expected an amount such as "50.00" (at most 2 decimals), got ${show(value)}`,
    )
  }
  const whole = BigInt(match[1] as string)
  const fraction = BigInt((match[2] ?? '').padEnd(2, '0'))
  return whole * 100n + fraction
}

/** `1234n` → `'12.34'`. */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}

/** A positive crypto amount in the asset's smallest units (`"0.5"` ETH → 5·10¹⁷). */
export function parseCryptoAmount(value: unknown, decimals: number, field: string): bigint {
  const text =
    typeof value === 'string' ? value : typeof value === 'number' ? numberText(value) : undefined
  const match = text === undefined ? null : /^(\d{1,30})(?:\.(\d+))?$/.exec(text)
  const fraction = match?.[2] ?? ''
  if (!match || fraction.length > decimals) {
    return fail(
      `${field}: expected a positive amount with at most ${decimals} decimals, got ${show(value)}`,
    )
  }
  const units =
    BigInt(match[1] as string) * 10n ** BigInt(decimals) +
    BigInt(fraction.padEnd(decimals, '0') || '0')
  if (units === 0n) return fail(`${field}: must be more than 0`)
  return units
}

/**
 * A purchase currency named by its id, its symbol (any case), or an object carrying either (the
 * SDK sends the whole option object it got from `/v1/onramp/options`).
 */
export function findAsset(catalog: OnrampCatalog, ref: unknown, field: string): CatalogAsset {
  const id = isObject(ref) ? ref.id : ref
  const symbol = isObject(ref) ? ref.symbol : ref
  if (typeof id !== 'string' && typeof symbol !== 'string') {
    return fail(`${field}: expected a currency id or symbol, or an object with one`)
  }
  const asset =
    catalog.assets.find((a) => a.id === id) ??
    (typeof symbol === 'string'
      ? catalog.assets.find((a) => a.symbol.toLowerCase() === symbol.toLowerCase())
      : undefined)
  if (!asset) {
    return fail(
      `${field}: unknown currency ${show(typeof id === 'string' ? id : symbol)} (the devnet sells ${catalog.assets.map((a) => a.symbol).join(', ')})`,
    )
  }
  return asset
}

/** A devnet network named by its on-ramp name, its chain id, or its CAIP-2 id; else undefined. */
export function resolveNetwork(
  networks: readonly CatalogNetwork[],
  ref: string,
): CatalogNetwork | undefined {
  const lower = ref.toLowerCase()
  return networks.find(
    (n) => n.name === lower || String(n.chainId) === ref || n.caipNetworkId === lower,
  )
}

export const networkNames = (catalog: OnrampCatalog) =>
  catalog.networks.map((n) => n.name).join(', ')

/** The network `ref` names, checked to carry `asset`. */
export function assetNetwork(
  catalog: OnrampCatalog,
  asset: CatalogAsset,
  ref: unknown,
  field: string,
): CatalogNetwork {
  if (typeof ref !== 'string' || ref.length === 0) {
    return fail(`${field}: expected a network name such as "devnet", a chain id or a CAIP-2 id`)
  }
  const network = resolveNetwork(catalog.networks, ref)
  if (!network) {
    return fail(
      `${field}: unknown network ${show(ref)} (devnet networks: ${networkNames(catalog)})`,
    )
  }
  const own = asset.networks.find((n) => n.chainId === network.chainId)
  if (!own) return fail(`${field}: ${asset.symbol} is not sold on ${network.name}`)
  return own
}

/** `USD` or `EUR`, as a string (any case) or the option object `{ id }`. */
export function parsePaymentCurrency(ref: unknown, field = 'paymentCurrency'): FiatCurrency {
  const id = isObject(ref) ? ref.id : ref
  const upper = typeof id === 'string' ? id.toUpperCase() : undefined
  const found = FIAT_CURRENCIES.find((c) => c === upper)
  if (!found) {
    return fail(
      `${field}: unknown payment currency ${show(id)} (expected ${FIAT_CURRENCIES.join(' or ')})`,
    )
  }
  return found
}

/** `card` when absent; Coinbase's upper-case spellings are accepted. */
function parsePaymentMethod(ref: unknown, field = 'paymentMethod'): PaymentMethod {
  if (ref === undefined) return 'card'
  const lower = typeof ref === 'string' ? ref.toLowerCase() : undefined
  const found = PAYMENT_METHODS.find((m) => m === lower)
  if (!found) {
    return fail(
      `${field}: unknown payment method ${show(ref)} (expected ${PAYMENT_METHODS.join(' or ')})`,
    )
  }
  return found
}

/** The payment method's limits, inclusive, in the payment currency. */
export function checkLimits(
  cents: bigint,
  method: PaymentMethod,
  fiat: FiatCurrency,
  field = 'amount',
) {
  const limits = PAYMENT_LIMITS[method]
  const min = parseFiatAmount(limits.min)
  const max = parseFiatAmount(limits.max)
  if (cents < min) {
    fail(
      `${field}: ${formatCents(cents)} ${fiat} is below the ${method} minimum of ${limits.min} ${fiat}`,
    )
  }
  if (cents > max) {
    fail(
      `${field}: ${formatCents(cents)} ${fiat} is above the ${method} maximum of ${limits.max} ${fiat}`,
    )
  }
}

/** A quote request, resolved against the catalog. */
export type QuoteRequest = {
  asset: CatalogAsset
  network: CatalogNetwork
  fiat: FiatCurrency
  method: PaymentMethod
  amountCents: bigint
}

/**
 * `POST /v1/onramp/quote` `{ purchaseCurrency, paymentCurrency, amount, network, paymentMethod? }`.
 * `amount` is what the buyer pays, in the payment currency, within the method's limits.
 */
export function parseQuoteBody(body: unknown, catalog: OnrampCatalog): QuoteRequest {
  if (!isObject(body)) {
    return fail('expected a JSON object { purchaseCurrency, paymentCurrency, amount, network }')
  }
  const asset = findAsset(catalog, body.purchaseCurrency, 'purchaseCurrency')
  const fiat = parsePaymentCurrency(body.paymentCurrency)
  const method = parsePaymentMethod(body.paymentMethod)
  const amountCents = parseFiatAmount(body.amount)
  const network = assetNetwork(catalog, asset, body.network, 'network')
  checkLimits(amountCents, method, fiat)
  return { asset, network, fiat, method, amountCents }
}
