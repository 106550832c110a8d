import type { ApiClient, ApiRequestOptions } from '../api/index.js'
import type { CaipNetworkId } from '../caip/index.js'
import {
  arrayOf,
  caipNetworkId,
  cleanDisplayText,
  decimalAmount,
  isRecord,
  TEXT_LIMITS,
} from '../kit.js'
import { toSafeImageUrl } from '../lazyKit.js'
import type { Validator } from '../storage/index.js'
import type {
  OnrampAmount,
  OnrampNetwork,
  OnrampOptionsData,
  OnrampPaymentCurrency,
  OnrampPaymentMethodLimit,
  OnrampPurchaseCurrency,
  OnrampPurchaseItem,
  OnrampQuote,
} from './types.js'

/** Ids, names of chains, hashes: printable ASCII without spaces, of a bounded length. */
export const printable =
  (max: number): Validator<string> =>
  (value) =>
    typeof value === 'string' && value.length <= max && /^[\x21-\x7e]+$/.test(value)
      ? value
      : undefined

const id = printable(128)

/** A chain id as text (`"137"`); a number is read as its text. Empty for chains without one. */
function chainIdText(value: unknown): string | undefined {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value >= 0 ? `${value}` : undefined
  return typeof value === 'string' && /^\d{0,20}$/.test(value) ? value : undefined
}

/** The validators of the on-ramp's answers. */
export function createOnrampValidators() {
  const name = (value: unknown) => cleanDisplayText(value, TEXT_LIMITS.name)
  const symbol = (value: unknown) => cleanDisplayText(value, TEXT_LIMITS.symbol)

  const network: Validator<OnrampNetwork> = (value) => {
    if (!isRecord(value)) return undefined
    const networkName = printable(64)(value.name)
    const chain = chainIdText(value.chain_id)
    const contract = value.contract_address ?? ''
    const address = contract === '' ? '' : printable(128)(contract)
    if (!networkName || chain === undefined || address === undefined) return undefined
    return {
      name: networkName,
      display_name: name(value.display_name) ?? networkName,
      chain_id: chain,
      contract_address: address,
    }
  }

  const purchaseCurrency: Validator<OnrampPurchaseCurrency> = (value) => {
    if (!isRecord(value)) return undefined
    const currencyId = id(value.id)
    const currencySymbol = symbol(value.symbol)
    const networks = arrayOf(network)(value.networks)
    if (!currencyId || !currencySymbol || !networks) return undefined
    return {
      id: currencyId,
      name: name(value.name) ?? currencySymbol,
      symbol: currencySymbol,
      networks,
    }
  }

  const limit: Validator<OnrampPaymentMethodLimit> = (value) => {
    if (!isRecord(value)) return undefined
    const method = printable(64)(value.id)
    const min = decimalAmount(value.min)
    const max = decimalAmount(value.max)
    if (!method || !min || !max || Number(min) > Number(max)) return undefined
    return { id: method, min, max }
  }

  const paymentCurrency: Validator<OnrampPaymentCurrency> = (value) => {
    if (!isRecord(value)) return undefined
    const currency = typeof value.id === 'string' && /^[A-Z]{3,5}$/.test(value.id) ? value.id : ''
    const limits = arrayOf(limit)(value.payment_method_limits)
    return currency && limits ? { id: currency, payment_method_limits: limits } : undefined
  }

  /**
   * `GET /v1/onramp/options`: the assets and the payment currencies, invalid entries dropped. An
   * answer that leaves nothing to buy or nothing to pay with is no answer (the built-in list is
   * used instead).
   */
  const onrampOptions: Validator<OnrampOptionsData> = (value) => {
    if (!isRecord(value)) return undefined
    const purchaseCurrencies = arrayOf(purchaseCurrency)(value.purchaseCurrencies) ?? []
    const paymentCurrencies = arrayOf(paymentCurrency)(value.paymentCurrencies) ?? []
    if (purchaseCurrencies.length === 0 || paymentCurrencies.length === 0) return undefined
    return { purchaseCurrencies, paymentCurrencies, isFallback: false }
  }

  const amount: Validator<OnrampAmount> = (value) => {
    if (!isRecord(value)) return undefined
    const number = decimalAmount(value.amount)
    const currency = symbol(value.currency)
    return number && currency ? { amount: number, currency } : undefined
  }

  /** `POST /v1/onramp/quote`: the five amounts and the quote id, each required. */
  const onrampQuote: Validator<OnrampQuote> = (value) => {
    if (!isRecord(value)) return undefined
    const quoteId = id(value.quoteId)
    const paymentTotal = amount(value.paymentTotal)
    const coinbaseFee = amount(value.coinbaseFee)
    const networkFee = amount(value.networkFee)
    const paymentSubtotal = amount(value.paymentSubtotal)
    const purchaseAmount = amount(value.purchaseAmount)
    if (!quoteId || !paymentTotal || !coinbaseFee || !networkFee || !paymentSubtotal)
      return undefined
    if (!purchaseAmount) return undefined
    return {
      quoteId,
      paymentTotal,
      coinbaseFee,
      networkFee,
      paymentSubtotal,
      purchaseAmount,
      isEstimate: false,
    }
  }

  /** `POST /v1/generators/onrampurl`: the provider page (checked before it is opened) and its id. */
  const onrampUrl: Validator<{ url: string; sessionId: string | undefined }> = (value) => {
    if (!isRecord(value)) return undefined
    const url = printable(4_096)(value.url)
    return url ? { url, sessionId: id(value.sessionId) } : undefined
  }

  const STATUSES = ['pending', 'confirmed', 'failed'] as const

  /**
   * One purchase of the history's on-ramp answer. Unlike the ordinary history, a purchase has no
   * transaction hash until it is delivered (`''`), and its sender is the provider's name
   * (`Coinbase`), not an address.
   */
  const onrampPurchaseItem: Validator<OnrampPurchaseItem> = (value) => {
    if (!isRecord(value) || !isRecord(value.metadata)) return undefined
    const m = value.metadata
    const itemId = id(value.id)
    const status = STATUSES.find((s) => s === m.status)
    const hash = m.hash === '' ? '' : printable(256)(m.hash)
    const minedAt = printable(64)(m.minedAt)
    const chain = caipNetworkId(m.chain)
    if (!itemId || !status || hash === undefined || !minedAt || !chain) return undefined
    if (Number.isNaN(Date.parse(minedAt))) return undefined
    const transfer = Array.isArray(value.transfers) ? value.transfers[0] : undefined
    const fungible =
      isRecord(transfer) && isRecord(transfer.fungible_info) ? transfer.fungible_info : {}
    const assetSymbol = symbol(fungible.symbol)
    const quantity = isRecord(transfer) && isRecord(transfer.quantity) ? transfer.quantity : {}
    const numeric = decimalAmount(quantity.numeric)
    return {
      id: itemId,
      status,
      provider: name(m.sentFrom) ?? '',
      hash,
      minedAt,
      caipNetworkId: chain as CaipNetworkId,
      asset:
        assetSymbol && numeric
          ? {
              symbol: assetSymbol,
              name: name(fungible.name) ?? assetSymbol,
              amount: numeric,
              iconUrl: (isRecord(fungible.icon) && toSafeImageUrl(fungible.icon.url)) || '',
            }
          : undefined,
    }
  }

  /** A page of on-ramp purchases (the first 100 items read; invalid ones dropped). */
  const onrampPurchasePage: Validator<OnrampPurchaseItem[]> = (value) =>
    isRecord(value) && Array.isArray(value.data)
      ? arrayOf(onrampPurchaseItem)(value.data.slice(0, 100))
      : undefined

  return { onrampOptions, onrampQuote, onrampUrl, onrampPurchaseItem, onrampPurchasePage }
}

export type OnrampValidators = ReturnType<typeof createOnrampValidators>

/** The request body of a quote: the option objects as the service lists them. */
export type OnrampQuoteRequest = {
  purchaseCurrency: OnrampPurchaseCurrency
  paymentCurrency: OnrampPaymentCurrency
  /** What the user pays, in the payment currency. */
  amount: number
  /** The provider's name of the network (`ethereum`, `devnet`). */
  network: string
  /** The payment method, whose fee the quote includes. */
  paymentMethod: string
}

/** The body of the Coinbase URL generator. */
export type OnrampUrlRequest = {
  destinationWallets: { address: string; blockchains: string[]; assets: string[] }[]
  defaultNetwork: string
  partnerUserId: string
  defaultExperience: 'buy'
  presetFiatAmount?: number
  fiatCurrency?: string
  defaultAsset?: string
  quoteId?: string
}

/** The on-ramp endpoints of the Blockchain API. */
export function createOnrampApi(api: ApiClient, validators: OnrampValidators) {
  const { onrampOptions, onrampQuote, onrampUrl, onrampPurchasePage } = validators
  return {
    getOptions: (options?: ApiRequestOptions) =>
      api.get('v1/onramp/options', {}, onrampOptions, options),
    getQuote: (body: OnrampQuoteRequest, options?: ApiRequestOptions) =>
      api.post('v1/onramp/quote', body, onrampQuote, options),
    generateUrl: (body: OnrampUrlRequest, options?: ApiRequestOptions) =>
      api.post('v1/generators/onrampurl', body, onrampUrl, options),
    getPurchases: (
      parameters: { address: string; provider: string; chainId: string },
      options?: ApiRequestOptions,
    ) =>
      api.get(
        `v1/account/${encodeURIComponent(parameters.address)}/history`,
        { onramp: parameters.provider, chainId: parameters.chainId },
        onrampPurchasePage,
        options,
      ),
  }
}

export type OnrampApi = ReturnType<typeof createOnrampApi>
