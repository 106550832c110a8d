import { useStore } from '@nanostores/react'
import type {
  AsyncState,
  OnrampAsset,
  OnrampFeature,
  OnrampForm,
  OnrampOptionsData,
  OnrampPaymentCurrency,
  OnrampPaymentMethodLimit,
  OnrampProvider,
  OnrampPurchase,
  OnrampPurchaseItem,
  OnrampPurchaseState,
  OnrampQuote,
} from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/**
 * What `useOnramp` returns. `status`, `data`, `error` and `isPending` are the purchase's (the
 * action); the options, the quote and the account's purchases have their own async states.
 */
export type UseOnrampReturnType = AsyncState<OnrampPurchase> & {
  /** Where the purchase is: idle, opening (the provider window), waiting, processing, success, error. */
  phase: OnrampPurchaseState['phase']
  /** The purchase followed now, with its provider and the provider's session id. */
  purchase: OnrampPurchaseState
  /** The on-ramp options (`isFallback` when the built-in list stands in for the service). */
  options: AsyncState<OnrampOptionsData>
  /** The order form; undefined for the moment the on-ramp's code takes to load. */
  form: OnrampForm | undefined
  /** The assets sold on the active network, and the chosen one (with its network). */
  assets: readonly OnrampAsset[]
  asset: OnrampAsset | undefined
  paymentCurrencies: readonly OnrampPaymentCurrency[]
  paymentCurrency: OnrampPaymentCurrency | undefined
  paymentMethod: string
  /** The chosen payment method's limits. */
  limits: OnrampPaymentMethodLimit | undefined
  amount: string
  /** The providers offered (none in a restricted time zone) and the chosen one. */
  providers: readonly OnrampProvider[]
  provider: OnrampProvider | undefined
  /** The debounced quote; `data.isEstimate` when the quote call failed. */
  quote: AsyncState<OnrampQuote>
  /** The account's on-ramp purchases. */
  purchases: AsyncState<readonly OnrampPurchaseItem[]>
  setAsset: OnrampFeature['setAsset']
  setPaymentCurrency: OnrampFeature['setPaymentCurrency']
  setPaymentMethod: OnrampFeature['setPaymentMethod']
  setAmount: OnrampFeature['setAmount']
  setProvider: OnrampFeature['setProvider']
  /** Call in the click: opens the provider window, then follows the purchase. */
  buy(): Promise<OnrampPurchase>
  cancel: OnrampFeature['cancel']
  reset: OnrampFeature['reset']
  /** Reads the options again. */
  refetch: OnrampFeature['refetch']
  refreshPurchases: OnrampFeature['refreshPurchases']
}

const NONE: readonly never[] = []

/** Buy crypto with a card or a bank account: choose, see the quote, buy, follow the purchase. */
export function useOnramp(): UseOnrampReturnType {
  const { onramp } = usePortico()
  const options = useStore(onramp.$options)
  const form = useStore(onramp.$form)
  const quote = useStore(onramp.$quote)
  const purchase = useStore(onramp.$purchase)
  const purchases = useStore(onramp.$purchases)
  return useMemo(
    () => ({
      status: purchase.status,
      data: purchase.data,
      error: purchase.error,
      isPending: purchase.isPending,
      phase: purchase.phase,
      purchase,
      options,
      form,
      assets: form?.assets ?? NONE,
      asset: form?.asset,
      paymentCurrencies: form?.paymentCurrencies ?? NONE,
      paymentCurrency: form?.paymentCurrency,
      paymentMethod: form?.paymentMethod ?? '',
      limits: form?.limits,
      amount: form?.amount ?? '',
      providers: form?.providers ?? NONE,
      provider: form?.provider,
      quote,
      purchases,
      setAsset: onramp.setAsset,
      setPaymentCurrency: onramp.setPaymentCurrency,
      setPaymentMethod: onramp.setPaymentMethod,
      setAmount: onramp.setAmount,
      setProvider: onramp.setProvider,
      buy: onramp.buy,
      cancel: onramp.cancel,
      reset: onramp.reset,
      refetch: onramp.refetch,
      refreshPurchases: onramp.refreshPurchases,
    }),
    [purchase, options, form, quote, purchases, onramp],
  )
}
