import type {
  OnrampOptionsData,
  OnrampPaymentMethodLimit,
  OnrampProvider,
  OnrampProviderId,
} from './types.js'

/** While a purchase is followed, the account's on-ramp history is read this often. */
export const ONRAMP_POLL_INTERVAL_MS = 4_000
/** A purchase is followed this long at most; then the user is told it is still processing. */
export const ONRAMP_POLL_TIMEOUT_MS = 180_000
/** Wait after the last change of the form before a quote is asked for. Ours. */
export const ONRAMP_QUOTE_DEBOUNCE_MS = 500
/**
 * A quote older than this is not handed to the provider (the service keeps quotes 5 minutes);
 * the provider quotes the amount again itself. Ours.
 */
export const ONRAMP_QUOTE_MAX_AGE_MS = 4 * 60_000
/** Amounts are paid in fiat: cents at most. */
export const ONRAMP_FIAT_DECIMALS = 2

/** The payment methods with default limits; the options may name others. */
export const ONRAMP_PAYMENT_METHODS = ['card', 'ach_bank_account'] as const

/** Limits of each payment method when the service gives none, for USD and EUR alike. */
export const ONRAMP_DEFAULT_LIMITS: readonly OnrampPaymentMethodLimit[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/** USDC's and ETH's contracts on Ethereum (chain 1) and Polygon (chain 137); ETH is native on 1. */
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const USDC_POLYGON = '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'
const WETH_POLYGON = '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619'
const ETHEREUM = { name: 'ethereum', display_name: 'Ethereum', chain_id: '1' }
const POLYGON = { name: 'polygon', display_name: 'Polygon', chain_id: '137' }

/**
 * The built-in options, used whenever the options call fails: USDC and ETH on Ethereum and
 * Polygon, paid in USD or EUR with the default limits. The ids are the provider's asset ids.
 */
export const ONRAMP_DEFAULT_OPTIONS: OnrampOptionsData = {
  purchaseCurrencies: [
    {
      id: '2b92315d-eab7-5bef-84fa-089a131333f5',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        { ...ETHEREUM, contract_address: USDC_ETHEREUM },
        { ...POLYGON, contract_address: USDC_POLYGON },
      ],
    },
    {
      id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
      name: 'Ethereum',
      symbol: 'ETH',
      networks: [
        { ...ETHEREUM, contract_address: '' },
        { ...POLYGON, contract_address: WETH_POLYGON },
      ],
    },
  ],
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: ONRAMP_DEFAULT_LIMITS },
    { id: 'EUR', payment_method_limits: ONRAMP_DEFAULT_LIMITS },
  ],
  isFallback: true,
}

/** The providers, in the order they are offered; each charges 1 to 2 % of the amount. */
export const ONRAMP_PROVIDERS: readonly OnrampProvider[] = [
  { id: 'coinbase', name: 'Coinbase', feeRange: '1-2%', namespaces: ['eip155'] },
  { id: 'meld', name: 'Meld', feeRange: '1-2%', namespaces: ['eip155', 'solana'] },
]

/** The history's `onramp` parameter for each provider's purchases. */
export const ONRAMP_HISTORY_PARAMETER: Readonly<Record<OnrampProviderId, string>> = {
  coinbase: 'coinbase',
  meld: 'meld',
}

/**
 * Coinbase's names of the EVM chains it delivers on, in its order, each with its chain id (a
 * list: an object with numeric keys would put them in number order).
 */
export const COINBASE_CHAINS: readonly (readonly [name: string, chainId: string])[] = [
  ['ethereum', '1'],
  ['arbitrum', '42161'],
  ['polygon', '137'],
  ['berachain', '80094'],
  ['avalanche-c-chain', '43114'],
  ['optimism', '10'],
  ['celo', '42220'],
  ['base', '8453'],
]
/** The chain Coinbase opens on when the app's chain is not one of its own. */
export const COINBASE_FALLBACK_CHAIN = 'ethereum'

/**
 * Time zones (IANA names, compared without case) where no provider is offered: mainland China,
 * Hong Kong and Macau, where buying crypto with a card is not allowed. Apps may pass their own.
 */
export const ONRAMP_RESTRICTED_TIME_ZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Hong_Kong',
  'Asia/Macau',
  'Asia/Macao',
  'PRC',
  'Hongkong',
]

/** Meld's widget, opened with the order in its query. */
export const MELD_URL = 'https://meldcrypto.com'

/** The quote id of the estimate shown when the quote call fails (never sent to a provider). */
export const ONRAMP_MOCK_QUOTE_ID = 'mocked-quote-id'
/**
 * The fee the estimate charges: the top of the providers' 1-2 % range, so an estimate never
 * promises more than a provider delivers. In basis points.
 */
export const ONRAMP_ESTIMATE_FEE_BPS = 200n

/** `type` of the message a provider page posts to the window that opened it. */
export const ONRAMP_MESSAGE_TYPE = 'portico:onramp'
