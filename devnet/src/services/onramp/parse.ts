import { type Address, getAddress, isAddress } from 'viem'
import type { CatalogAsset, CatalogNetwork, OnrampCatalog } from './catalog.js'
import {
  COINBASE_CHAIN_NAMES,
  FIAT_CURRENCIES,
  type FiatCurrency,
  type OnrampProvider,
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

const fail = (message: string): never => {
  throw new OnrampInputError(message)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Quoted back in messages, shortened so a huge value does not make a huge error. */
const show = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return JSON.stringify(text === undefined ? String(value) : text.slice(0, 60))
}

const MAX_WHOLE_DIGITS = 12
const FIAT_PATTERN = new RegExp(`^(\\d{1,${MAX_WHOLE_DIGITS}})(?:\\.(\\d{1,2}))?$`)
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

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

const networkNames = (catalog: OnrampCatalog) => catalog.networks.map((n) => n.name).join(', ')

/** The network `ref` names, checked to carry `asset`. */
function assetNetwork(
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
export function parsePaymentMethod(ref: unknown, field = 'paymentMethod'): PaymentMethod {
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

/** How a new session knows its amount. `none`: the buyer enters it on the checkout page. */
export type SessionAmount =
  | { kind: 'fiat'; cents: bigint }
  | { kind: 'crypto'; units: bigint }
  | { kind: 'quote'; quoteId: string }
  | { kind: 'none' }

/** A checkout session to open, resolved against the catalog. */
export type SessionRequest = {
  provider: OnrampProvider
  wallet: Address
  network: CatalogNetwork
  asset: CatalogAsset
  fiat: FiatCurrency
  amount: SessionAmount
  partnerUserId: string | null
  /** Chains the request lets the purchase go to (a given quote must deliver on one of them). */
  allowedChainIds: number[]
}

const MAX_WALLETS = 10
const MAX_LIST = 50
const MAX_NAME = 64

function stringList(value: unknown, field: string, required: boolean): string[] {
  if (value === undefined && !required) return []
  if (
    !Array.isArray(value) ||
    (required && value.length === 0) ||
    value.length > MAX_LIST ||
    !value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= MAX_NAME)
  ) {
    return fail(
      `${field}: expected ${required ? 'a non-empty' : 'an'} array of at most ${MAX_LIST} names`,
    )
  }
  return value as string[]
}

function evmAddress(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
    return fail(`${field}: expected an EVM address (0x and 40 hex digits), got ${show(value)}`)
  }
  return getAddress(value)
}

function optionalText(value: unknown, field: string): string | null {
  if (value === undefined) return null
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NAME) {
    return fail(`${field}: expected a string of 1 to ${MAX_NAME} characters`)
  }
  return value
}

function quoteIdOf(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
    return fail(`${field}: expected a quoteId from POST /v1/onramp/quote`)
  }
  return value
}

const isCoinbaseChain = (name: string) => (COINBASE_CHAIN_NAMES as readonly string[]).includes(name)

/**
 * `POST /v1/generators/onrampurl`, in the hosted service's (Coinbase's) vocabulary:
 * `destinationWallets: [{ address, blockchains, assets? }]`, `defaultNetwork?`, `partnerUserId`,
 * `defaultExperience?: 'buy'`, `presetFiatAmount?`, `presetCryptoAmount?`, and the devnet's
 * `fiatCurrency?`, `defaultAsset?`, `quoteId?`.
 *
 * The first wallet whose `blockchains` name a devnet network receives the purchase. Coinbase's
 * own chain names (`ethereum`, `base`, …) are accepted and skipped: the devnet only delivers on
 * its chains. An amount comes from `quoteId`, else `presetFiatAmount`, else
 * `presetCryptoAmount`; with none, the buyer enters it on the checkout page.
 */
export function parseOnrampUrlBody(body: unknown, catalog: OnrampCatalog): SessionRequest {
  if (!isObject(body)) {
    return fail('expected a JSON object { destinationWallets, partnerUserId, … }')
  }
  const wallets = body.destinationWallets
  if (!Array.isArray(wallets) || wallets.length === 0 || wallets.length > MAX_WALLETS) {
    return fail(`destinationWallets: expected an array of 1 to ${MAX_WALLETS} wallets`)
  }
  const resolved = wallets.map((wallet, i) => {
    const field = `destinationWallets[${i}]`
    if (!isObject(wallet)) return fail(`${field}: expected { address, blockchains, assets? }`)
    const address = evmAddress(wallet.address, `${field}.address`)
    const networks: CatalogNetwork[] = []
    for (const name of stringList(wallet.blockchains, `${field}.blockchains`, true)) {
      const network = resolveNetwork(catalog.networks, name)
      if (network) networks.push(network)
      else if (!isCoinbaseChain(name)) {
        fail(
          `${field}.blockchains: unknown network ${show(name)} (devnet networks: ${networkNames(catalog)})`,
        )
      }
    }
    const assets = stringList(wallet.assets, `${field}.assets`, false).map((ref) =>
      findAsset(catalog, ref, `${field}.assets`),
    )
    return { field, address, networks, assets }
  })
  const wallet = resolved.find((w) => w.networks.length > 0)
  if (!wallet) {
    return fail(
      `destinationWallets: no wallet lists a devnet network in its blockchains (${networkNames(catalog)})`,
    )
  }

  let network = wallet.networks[0] as CatalogNetwork
  if (body.defaultNetwork !== undefined) {
    const ref = body.defaultNetwork
    if (typeof ref !== 'string' || ref.length === 0) {
      return fail('defaultNetwork: expected a network name')
    }
    const named = resolveNetwork(catalog.networks, ref)
    if (named) {
      if (!wallet.networks.some((n) => n.chainId === named.chainId)) {
        return fail(`defaultNetwork: ${named.name} is not among ${wallet.field}.blockchains`)
      }
      network = named
    } else if (!isCoinbaseChain(ref)) {
      return fail(
        `defaultNetwork: unknown network ${show(ref)} (devnet networks: ${networkNames(catalog)})`,
      )
    }
  }

  const partnerUserId = optionalText(body.partnerUserId, 'partnerUserId')
  if (partnerUserId === null) return fail('partnerUserId: required (the SDK sends the address)')
  if (body.defaultExperience !== undefined && body.defaultExperience !== 'buy') {
    return fail(
      `defaultExperience: the devnet only offers "buy", got ${show(body.defaultExperience)}`,
    )
  }
  const fiat =
    body.fiatCurrency === undefined
      ? 'USD'
      : parsePaymentCurrency(body.fiatCurrency, 'fiatCurrency')

  const defaultAsset =
    body.defaultAsset === undefined
      ? undefined
      : findAsset(catalog, body.defaultAsset, 'defaultAsset')
  if (defaultAsset && wallet.assets.length > 0 && !wallet.assets.includes(defaultAsset)) {
    return fail(`defaultAsset: ${defaultAsset.symbol} is not among ${wallet.field}.assets`)
  }
  const asset = defaultAsset ?? wallet.assets[0] ?? (catalog.assets[0] as CatalogAsset)
  const own = asset.networks.find((n) => n.chainId === network.chainId)
  if (!own) return fail(`${asset.symbol} is not sold on ${network.name}`)

  const quoteId = quoteIdOf(body.quoteId, 'quoteId')
  let amount: SessionAmount = { kind: 'none' }
  if (quoteId) amount = { kind: 'quote', quoteId }
  else if (body.presetFiatAmount !== undefined) {
    const cents = parseFiatAmount(body.presetFiatAmount, 'presetFiatAmount')
    checkLimits(cents, 'card', fiat, 'presetFiatAmount')
    amount = { kind: 'fiat', cents }
  } else if (body.presetCryptoAmount !== undefined) {
    amount = {
      kind: 'crypto',
      units: parseCryptoAmount(body.presetCryptoAmount, asset.decimals, 'presetCryptoAmount'),
    }
  }
  return {
    provider: 'coinbase',
    wallet: wallet.address,
    network: own,
    asset,
    fiat,
    amount,
    partnerUserId,
    allowedChainIds: wallet.networks.map((n) => n.chainId),
  }
}

/**
 * The Meld-like entry `GET /onramp/meld?walletAddress=0x…&network=devnet&
 * destinationCurrencyCode=USDC&sourceAmount=50&sourceCurrencyCode=USD`: a URL the SDK builds
 * itself. `network` defaults to the first devnet chain, the currency to USDC, the source
 * currency to USD; `sourceAmount` may be left out (the buyer enters it); `externalCustomerId`
 * and `quoteId` are optional. Other parameters (Meld's `publicKey`, …) are ignored.
 */
export function parseMeldQuery(query: URLSearchParams, catalog: OnrampCatalog): SessionRequest {
  const one = (name: string): string | undefined => {
    const values = query.getAll(name)
    if (values.length > 1) fail(`${name}: given more than once`)
    return values[0]
  }
  const wallet = evmAddress(one('walletAddress'), 'walletAddress')
  const currency = one('destinationCurrencyCode')
  const asset =
    currency === undefined
      ? (catalog.assets[0] as CatalogAsset)
      : findAsset(catalog, currency, 'destinationCurrencyCode')
  const networkRef = one('network')
  const network =
    networkRef === undefined
      ? asset.networks[0]
      : assetNetwork(catalog, asset, networkRef, 'network')
  if (!network) return fail(`${asset.symbol} is not sold on any devnet network`)
  const sourceCurrency = one('sourceCurrencyCode')
  const fiat =
    sourceCurrency === undefined
      ? 'USD'
      : parsePaymentCurrency(sourceCurrency, 'sourceCurrencyCode')
  const quoteId = quoteIdOf(one('quoteId'), 'quoteId')
  const sourceAmount = one('sourceAmount')
  let amount: SessionAmount = { kind: 'none' }
  if (quoteId) amount = { kind: 'quote', quoteId }
  else if (sourceAmount !== undefined) {
    const cents = parseFiatAmount(sourceAmount, 'sourceAmount')
    checkLimits(cents, 'card', fiat, 'sourceAmount')
    amount = { kind: 'fiat', cents }
  }
  return {
    provider: 'meld',
    wallet,
    network,
    asset,
    fiat,
    amount,
    partnerUserId: optionalText(one('externalCustomerId'), 'externalCustomerId'),
    allowedChainIds:
      networkRef === undefined ? asset.networks.map((n) => n.chainId) : [network.chainId],
  }
}

/** Whether a card number passes the Luhn check every issued card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let digit = digits.charCodeAt(i) - 48
    if (double) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
    double = !double
  }
  return sum % 10 === 0
}

export type CardDetails = { number: string; last4: string; expMonth: number; expYear: number }

/**
 * The checkout form `{ cardNumber, expiry, cvc }`: a 12–19 digit number passing the Luhn check
 * (spaces and dashes allowed between digits), an expiry `MM/YY` (or `MM/YYYY`) not in the past
 * by `now`, and a 3–4 digit security code. Every field's problem is reported at once under
 * `fields`, keyed by the field name.
 */
export function parseCardPayment(body: unknown, now: number): CardDetails {
  if (!isObject(body)) return fail('expected a JSON object { cardNumber, expiry, cvc }')
  const fields: Record<string, string> = {}

  const rawNumber = body.cardNumber
  const number = typeof rawNumber === 'string' ? rawNumber.replace(/[ -]/g, '') : ''
  if (typeof rawNumber !== 'string' || rawNumber.trim() === '') {
    fields.cardNumber = 'Enter the card number.'
  } else if (
    !/^\d{12,19}$/.test(number) ||
    !/^\d[\d -]*$/.test(rawNumber.trim()) ||
    !luhnValid(number)
  ) {
    fields.cardNumber = 'The card number is not valid.'
  }

  let expMonth = 0
  let expYear = 0
  const expiry = typeof body.expiry === 'string' ? body.expiry.trim() : undefined
  const match = expiry === undefined ? null : /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry)
  if (!expiry) fields.expiry = 'Enter the expiry date as MM/YY.'
  else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) {
    fields.expiry = 'Enter the expiry date as MM/YY.'
  } else {
    expMonth = Number(match[1])
    const year = match[2] as string
    expYear = year.length === 2 ? 2000 + Number(year) : Number(year)
    const today = new Date(now)
    const current = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1
    if (expYear * 12 + expMonth < current) fields.expiry = 'The card has expired.'
  }

  if (typeof body.cvc !== 'string' || !/^\d{3,4}$/.test(body.cvc)) {
    fields.cvc = 'Enter the 3 or 4 digit security code.'
  }

  if (Object.keys(fields).length > 0) throw new OnrampInputError('invalid card details', fields)
  return { number, last4: number.slice(-4), expMonth, expYear }
}

/**
 * The origin in an `Origin` header, when it is a serialized http(s) origin; null for `null`
 * (opaque origins), absent headers and anything else.
 */
export function parseOrigin(value: string | undefined): string | null {
  if (!value || value === 'null') return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.origin === value ? url.origin : null
  } catch {
    return null
  }
}

/** The origin of a `Referer` URL (http or https), or null. */
export function originOfReferer(value: string | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.origin
  } catch {
    return null
  }
}
