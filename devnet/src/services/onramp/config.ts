import type { TokenKey } from '../../chains/evm/tokens.js'

/** The two providers the SDK lists; both are served by the same devnet checkout. */
export const ONRAMP_PROVIDERS = ['coinbase', 'meld'] as const
export type OnrampProvider = (typeof ONRAMP_PROVIDERS)[number]

/** How the history answer names the sender of a purchase, as the hosted service does. */
export const PROVIDER_LABELS: Readonly<Record<OnrampProvider, string>> = {
  coinbase: 'Coinbase',
  meld: 'Meld',
}

/**
 * What can be bought. The USDC and ETH ids are the ones Coinbase's options use for those assets
 * (so an SDK's built-in default currency keeps its id on the devnet); PTK's is the devnet's own
 * (a UUID v5 of `https://portico.dev/devnet/onramp/PTK` in the URL namespace).
 * `token` names the devnet contract, absent for the chain's native ETH.
 */
export type PurchaseAsset = {
  id: string
  name: string
  symbol: string
  decimals: number
  token?: TokenKey
}

export const PURCHASE_ASSETS: readonly PurchaseAsset[] = [
  {
    id: '2b92315d-eab7-5bef-84fa-089a131333f5',
    name: 'USD Coin',
    symbol: 'USDC',
    decimals: 6,
    token: 'usdc',
  },
  { id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4', name: 'Ethereum', symbol: 'ETH', decimals: 18 },
  {
    id: '633e24ac-2d4c-5ba4-80e0-6fe3c14ad27d',
    name: 'Portico Token',
    symbol: 'PTK',
    decimals: 18,
    token: 'ptk',
  },
]

/**
 * The provider-side names of the devnet chains, in the options' `networks[].name` vocabulary
 * (Coinbase calls mainnet `ethereum`). Only the two chains apps configure are sold on.
 */
export const ONRAMP_NETWORKS: Readonly<Record<number, { name: string; displayName: string }>> = {
  31337: { name: 'devnet', displayName: 'Devnet' },
  31338: { name: 'devnet-l2', displayName: 'Devnet L2' },
}

/**
 * Coinbase's own chain names, which an SDK following the hosted service sends in
 * `destinationWallets[].blockchains` and `defaultNetwork` (with `ethereum` as its fallback). The
 * devnet accepts them so such a body is not refused, but it only delivers on its own chains.
 */
export const COINBASE_CHAIN_NAMES = [
  'ethereum',
  'arbitrum',
  'polygon',
  'berachain',
  'avalanche-c-chain',
  'optimism',
  'celo',
  'base',
] as const

export const PAYMENT_METHODS = ['card', 'ach_bank_account'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Limits per payment method, in whole units of the payment currency, the same for USD and EUR. */
export const PAYMENT_LIMITS: Readonly<Record<PaymentMethod, { min: string; max: string }>> = {
  card: { min: '10.00', max: '7500.00' },
  ach_bank_account: { min: '10.00', max: '25000.00' },
}

export const FIAT_CURRENCIES = ['USD', 'EUR'] as const
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number]

/**
 * USD per unit of each fiat currency when the price table has no entry for it (a test can set
 * one, e.g. `devnet.prices.set('EUR', 1.2)`).
 */
export const DEFAULT_FIAT_USD: Readonly<Record<FiatCurrency, number>> = { USD: 1, EUR: 1.08 }

/**
 * The provider's fee, in basis points of the amount paid, rounded up to the cent. Providers
 * charge 1–2 %; the rates stay far enough below 2 % that rounding up never passes it on amounts
 * at or above the 10.00 minimum.
 */
export const PROVIDER_FEE_BPS: Readonly<Record<PaymentMethod, bigint>> = {
  card: 150n,
  ach_bank_account: 100n,
}

/**
 * Gas the delivery transaction is charged for in the quote's network fee: a plain value
 * transfer for ETH, and a generous bound for a token `mint` to an address that held none (which
 * measures about 51 000 on the devnet).
 */
export const DELIVERY_GAS = { native: 21_000n, token: 65_000n } as const

/** How long a quote is kept and honoured. */
export const QUOTE_TTL_MS = 5 * 60 * 1000

/** Sessions and purchases per page of the on-ramp history answer. */
export const ONRAMP_HISTORY_PAGE_SIZE = 20

/** `type` of every message the checkout page posts to the window that opened it. */
export const ONRAMP_MESSAGE_TYPE = 'portico:onramp'

/** Page routes (no projectId: a popup opened by the SDK loads them). */
export const CHECKOUT_PATH = '/onramp/checkout'
export const CHECKOUT_SCRIPT_PATH = '/onramp/checkout.js'
export const SESSION_PATH = '/onramp/sessions'
export const MELD_ENTRY_PATH = '/onramp/meld'
/** Id of the `<script type="application/json">` holding the session on the checkout page. */
export const CHECKOUT_CONFIG_ID = 'portico-onramp-session'

/**
 * The checkout's test cards (any future expiry, any 3-digit code). Other numbers that pass the
 * Luhn check are refused as not a devnet test card; nothing is charged either way.
 */
export const TEST_CARDS = {
  '4242424242424242': 'success',
  '4000000000000002': 'declined',
  '4000000000000085': 'processing',
} as const satisfies Record<string, 'success' | 'declined' | 'processing'>

export type CardOutcome = (typeof TEST_CARDS)[keyof typeof TEST_CARDS]

export function cardOutcome(number: string): CardOutcome | undefined {
  return (TEST_CARDS as Record<string, CardOutcome>)[number]
}
