import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { BalancesInternal } from '../balances/index.js'
import type { CaipNetworkId, ChainNamespace } from '../caip/index.js'
import type { ConnectionInternal } from '../connection/index.js'
import type { PorticoError } from '../errors/index.js'
import type { HistoryInternal } from '../history/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { Message } from '../messages/index.js'
import type { NetworkInternal } from '../network/index.js'
import type { ToastFeature } from '../toast/index.js'
import type { OnrampWindow } from './popup.js'

/** An amount of money or tokens as the on-ramp service writes it: a decimal string and a unit. */
export type OnrampAmount = { amount: string; currency: string }

/**
 * A network an asset is sold on, in the provider's words: `name` is the provider's name of the
 * chain (`ethereum`, `base`), `chain_id` the EVM chain id as text, `contract_address` empty for a
 * chain's native token.
 */
export type OnrampNetwork = {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}

/** An asset that can be bought, and the networks it is delivered on. */
export type OnrampPurchaseCurrency = {
  id: string
  name: string
  symbol: string
  networks: readonly OnrampNetwork[]
}

/** The smallest and largest amount a payment method takes, in whole units of the currency. */
export type OnrampPaymentMethodLimit = { id: string; min: string; max: string }

/** A currency the user can pay in (`USD`), with the limits of each payment method. */
export type OnrampPaymentCurrency = {
  id: string
  payment_method_limits: readonly OnrampPaymentMethodLimit[]
}

/** `GET /v1/onramp/options`, or the built-in list when it failed (`isFallback`). */
export type OnrampOptionsData = {
  purchaseCurrencies: readonly OnrampPurchaseCurrency[]
  paymentCurrencies: readonly OnrampPaymentCurrency[]
  /** The service could not be read: these are the built-in options. */
  isFallback: boolean
}

/** What the user pays, the fees, and what they receive. */
export type OnrampQuote = {
  quoteId: string
  paymentTotal: OnrampAmount
  coinbaseFee: OnrampAmount
  networkFee: OnrampAmount
  paymentSubtotal: OnrampAmount
  /** What arrives in the wallet. In an estimate without a known price, `amount` is empty. */
  purchaseAmount: OnrampAmount
  /**
   * The quote call failed and these numbers are the SDK's estimate (the providers' highest fee,
   * no network fee), with a mocked quote id: the user must be told.
   */
  isEstimate: boolean
}

/** The on-ramp providers: Coinbase (eip155) and Meld (eip155 and solana). */
export type OnrampProviderId = 'coinbase' | 'meld'

/** A provider the user can buy through. */
export type OnrampProvider = {
  id: OnrampProviderId
  name: string
  /** What it charges, as a range of the amount paid (`1-2%`). */
  feeRange: string
  /** The chain namespaces it delivers to. */
  namespaces: readonly ChainNamespace[]
}

/** An asset that can be bought on the active network, with that network's entry. */
export type OnrampAsset = OnrampPurchaseCurrency & { network: OnrampNetwork }

/** What the user chose; what they did not choose takes its default. */
export type OnrampChoice = {
  /** The purchase currency's id. */
  assetId: string | undefined
  /** The payment currency's id (`USD`). */
  paymentCurrency: string
  /** The payment method's id (`card`, `ach_bank_account`). */
  paymentMethod: string
  /** What the user pays, in the payment currency, as typed. */
  amount: string
  provider: OnrampProviderId | undefined
}

/** The order form: the choices, what there is to choose from on the active network, the checks. */
export type OnrampForm = {
  /** The active network, where the purchase is delivered. */
  caipNetworkId: CaipNetworkId
  namespace: ChainNamespace
  /** The assets sold on the active network. */
  assets: readonly OnrampAsset[]
  /** The chosen asset (the first one, USDC when sold, until the user picks). */
  asset: OnrampAsset | undefined
  paymentCurrencies: readonly OnrampPaymentCurrency[]
  paymentCurrency: OnrampPaymentCurrency | undefined
  /** The chosen currency's payment methods and their limits. */
  paymentMethods: readonly OnrampPaymentMethodLimit[]
  paymentMethod: string
  /** The chosen method's limits, when the currency has it. */
  limits: OnrampPaymentMethodLimit | undefined
  amount: string
  /** Live checks of what the user typed (an empty amount is not an error yet). */
  errors: { amount?: Message }
  /** Providers offered here (none in the restricted time zones). */
  providers: readonly OnrampProvider[]
  provider: OnrampProvider | undefined
}

/** Where a purchase is: the provider window opening, waiting for the payment, delivering, done. */
export type OnrampPurchasePhase =
  | 'idle'
  | 'opening'
  | 'waiting'
  | 'processing'
  | 'success'
  | 'error'

/** A purchase that completed: what was delivered, where, by which transaction. */
export type OnrampPurchase = {
  provider: OnrampProviderId
  /** The provider's id of the purchase, when it gave one. */
  sessionId: string | undefined
  /** The asset's symbol. */
  asset: string
  /** Whole units delivered, as a decimal string. */
  amount: string
  caipNetworkId: CaipNetworkId
  address: string
  /** The delivery transaction ('' when the provider did not say). */
  hash: string
}

/**
 * The purchase in progress, in the async shape: `pending` from the click until it completes or
 * fails (`phase` says where), `success` with what was delivered, `error` with why (its
 * `details.message` is the precise reason: declined card, window closed, still processing after
 * 3 minutes…).
 */
export type OnrampPurchaseState = AsyncState<OnrampPurchase> & {
  phase: OnrampPurchasePhase
  provider?: OnrampProviderId
  /** The provider's id of the purchase, once the provider page is open (when it gives one). */
  sessionId?: string
}

/** A purchase in the account's on-ramp history. */
export type OnrampPurchaseItem = {
  id: string
  status: 'pending' | 'confirmed' | 'failed'
  /** The provider's name as the history gives it (`Coinbase`). */
  provider: string
  /** The delivery transaction; '' until delivered. */
  hash: string
  /** ISO 8601: when delivered, or the last change. */
  minedAt: string
  caipNetworkId: CaipNetworkId
  /** What was bought: symbol, name, amount in whole units, icon. */
  asset: { symbol: string; name: string; amount: string; iconUrl: string } | undefined
}

/** The on-ramp options of `createPortico`. */
export type OnrampOptions = {
  onramp?: {
    /**
     * IANA time zones where no provider is offered (compared without case); a built-in list of
     * restricted regions by default.
     */
    restrictedTimeZones?: readonly string[]
    /** Meld's widget URL (`https://meldcrypto.com` by default; the devnet serves its own). */
    meldUrl?: string
    /** The public key Meld gave the app, sent as `publicKey`. */
    meldPublicKey?: string
    /**
     * Origins (exactly as the browser writes them: `https://pay.example`, no path) the provider
     * window may be sent to, besides the providers' own (`https://pay.coinbase.com`,
     * `https://meldcrypto.com`) and the origin of `meldUrl`. A checkout URL the API names on
     * any other origin is refused and the window is never sent there. The devnet passes its
     * checkout's origin here.
     */
    checkoutOrigins?: readonly string[]
  }
}

/** The options once checked (the code that loads on first use applies the defaults). */
export type ResolvedOnrampOptions = NonNullable<OnrampOptions['onramp']>

/** The on-ramp's stores (`$form` is undefined until its code is here). */
export type OnrampStores = {
  /** The assets and payment methods on offer: the service's, or the built-in list. */
  $options: ReadableAtom<AsyncState<OnrampOptionsData>>
  /** The order form; undefined until the on-ramp's code has loaded (a few milliseconds). */
  $form: ReadableAtom<OnrampForm | undefined>
  /** What the user pays and receives for the form, asked 500 ms after its last change. */
  $quote: ReadableAtom<AsyncState<OnrampQuote>>
  $purchase: ReadableAtom<OnrampPurchaseState>
  /** The account's purchases (OnRampActivity), read while shown. */
  $purchases: ReadableAtom<AsyncState<readonly OnrampPurchaseItem[]>>
}

/** The stores as the heavy half holds them: it writes them. */
export type OnrampAtoms = {
  [K in keyof OnrampStores]: OnrampStores[K] extends ReadableAtom<infer V> ? WritableAtom<V> : never
}

/**
 * Why `buy` rejects. No connected account (NO_ACTIVE_CAIP_ADDRESS); the order is incomplete
 * (INVALID_INPUT, `details.message`); the browser blocked the provider window (UNKNOWN_ERROR,
 * `details.message`); the provider page could not be made or is not a web page (API_ERROR,
 * API_TIMEOUT, INVALID_RESPONSE); the purchase failed at the provider (API_ERROR) or was not
 * confirmed in time (TIMEOUT); the window was closed, `cancel` was called or the client destroyed
 * (ABORTED); the code could not be fetched (MODULE_LOAD_FAILED).
 */
export type OnrampBuyErrorType = PorticoError<
  | 'NO_ACTIVE_CAIP_ADDRESS'
  | 'INVALID_INPUT'
  | 'UNKNOWN_ERROR'
  | 'API_ERROR'
  | 'API_TIMEOUT'
  | 'INVALID_RESPONSE'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'MODULE_LOAD_FAILED'
>

/** The on-ramp's actions (`client.onramp`). */
export type OnrampActions = {
  setAsset(assetId: string): void
  setPaymentCurrency(currency: string): void
  setPaymentMethod(method: string): void
  setAmount(amount: string): void
  setProvider(provider: OnrampProviderId): void
  refetch(): Promise<void>
  /**
   * Opens the provider in a new window (call it in the click: the window opens before anything
   * is awaited, or popup blockers refuse it), then follows the purchase until it completes or
   * fails; balances and history refresh after. A second call while one is followed focuses its
   * window and joins it.
   */
  buy(): Promise<OnrampPurchase>
  cancel(): void
  reset(): void
  refreshPurchases(): Promise<void>
}

/**
 * Buying crypto with a card or a bank account (`client.onramp`). Its code loads the first time a
 * store is watched or an action is called (a few milliseconds); until then `$form` is undefined
 * and the other stores are idle.
 */
export type OnrampFeature = OnrampStores & OnrampActions

/** What the shell hands its heavy half (`lazy.ts`). */
export type OnrampShell = {
  stores: OnrampAtoms
  options: ResolvedOnrampOptions
  /** Opens the provider window, empty (the shell has it: a click must open it at once). */
  openWindow(): OnrampWindow | null
  /** Where the user's last payment currency, method and provider are kept. */
  preferencesKey: string
  connection: ConnectionInternal
  network: NetworkInternal
  balances: BalancesInternal
  history: HistoryInternal
  toast: ToastFeature
}

/** The heavy half: the actions, and what follows the purchases while they are shown. */
export type OnrampHalf = Omit<OnrampActions, 'buy'> & {
  /** A purchase; `popup` is the window the shell opened in the click, when it had to. */
  buy(popup?: OnrampWindow | null): Promise<OnrampPurchase>
  /** The account's purchases while they are shown; returns the stop. */
  followPurchases(): () => void
}
