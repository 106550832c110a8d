import type { PorticoError } from '@portico/core'
import { type UseOnrampReturnType, useModal, useOnramp } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The OnRampBuy view's state: the order form (from `useOnramp`) and the step to the provider. */
export type OnRampBuyViewState = UseOnrampReturnType & {
  /**
   * Opens the provider window and shows the purchase in progress (OnRampActivity). Call it in the
   * click: browsers open a window only while they handle the user's gesture. An incomplete order
   * stays on the form with the reason in `problem`.
   */
  start(): void
  /** Everything the provider needs is chosen and the amount is within the limits. */
  isReady: boolean
  /** Why the order cannot go to a provider, when the amount's own message does not say it. */
  problem: PorticoError | undefined
  /** Shows the providers to choose another one. */
  openProviders(): void
}

/** The OnRampBuy view-model: asset, amount, payment method with its limits, quote, provider. */
export function useOnRampBuyView(): OnRampBuyViewState {
  const onramp = useOnramp()
  const { push } = useModal()
  const { form, buy, error } = onramp
  const isReady = Boolean(
    form?.provider &&
      form.asset &&
      form.limits &&
      form.amount.trim() !== '' &&
      form.errors.amount === undefined,
  )
  const start = useCallback(() => {
    // `buy()` runs before anything else so the window opens within the click.
    const purchase = buy()
    purchase.catch(() => undefined) // its failure is in the purchase state, shown by the views
    if (isReady) push('OnRampActivity')
  }, [buy, isReady, push])
  const openProviders = useCallback(() => push('OnRampProviders'), [push])
  // An incomplete order is refused with INVALID_INPUT; the amount's own message already shows.
  const problem =
    error?.code === 'INVALID_INPUT' && !form?.errors.amount && !isReady ? error : undefined
  return useMemo(
    () => ({ ...onramp, start, isReady, problem, openProviders }),
    [onramp, start, isReady, problem, openProviders],
  )
}
