import { type Address, getAddress, isAddress } from 'viem'
import type { CatalogAsset, CatalogNetwork, OnrampCatalog } from './catalog.js'
import { COINBASE_CHAIN_NAMES, type FiatCurrency, type OnrampProvider } from './config.js'

import {
  assetNetwork,
  checkLimits,
  fail,
  findAsset,
  isObject,
  networkNames,
  parseCryptoAmount,
  parseFiatAmount,
  parsePaymentCurrency,
  resolveNetwork,
  show,
  UUID_PATTERN,
} from './parse.js'

// What opens a checkout session: the Coinbase-like onramp URL body and the Meld-like query.

/** How a new session knows its amount. `none`: the buyer enters it on the checkout page. */
type SessionAmount =
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
