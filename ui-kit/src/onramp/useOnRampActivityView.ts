import type { OnrampPurchaseItem, OnrampPurchaseState } from '@portico/core'
import { useModal, useOnramp } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The OnRampActivity view's state: the purchase in progress and the account's purchases. */
export type OnRampActivityViewState = {
  /** The purchase followed now (`phase`: opening, waiting, processing, success, error). */
  purchase: OnrampPurchaseState
  /** The provider's name for the purchase followed. */
  providerName: string | undefined
  /** The account's on-ramp purchases, newest first. */
  purchases: readonly OnrampPurchaseItem[]
  purchasesState: ReturnType<typeof useOnramp>['purchases']
  /** Stops following the purchase (an unpaid provider window closes) and returns to the order. */
  cancel(): void
  /** After an error: opens the provider again, in the click. */
  retry(): void
  /** After the purchase: back to the account. */
  done(): void
  /** Back to the order, keeping what was chosen. */
  back(): void
}

const NONE: readonly OnrampPurchaseItem[] = []

/** The OnRampActivity view-model: the buy in progress, then done or why not; past purchases. */
export function useOnRampActivityView(): OnRampActivityViewState {
  const onramp = useOnramp()
  const modal = useModal()
  const { buy, cancel: stop, reset, providers, purchases } = onramp
  const { purchase } = onramp
  const providerId = purchase.phase === 'idle' ? undefined : purchase.provider
  const providerName = providers.find((p) => p.id === providerId)?.name
  const cancel = useCallback(() => {
    stop()
    modal.back()
  }, [stop, modal])
  const retry = useCallback(() => {
    buy().catch(() => undefined) // shown through the purchase state
  }, [buy])
  const done = useCallback(() => {
    reset()
    modal.reset('Account')
  }, [reset, modal])
  // Keeps what was chosen (reset would clear the amount); a purchase still followed stops.
  const back = useCallback(() => {
    stop()
    modal.back()
  }, [stop, modal])
  return useMemo(
    () => ({
      purchase,
      providerName,
      purchases: purchases.data ?? NONE,
      purchasesState: purchases,
      cancel,
      retry,
      done,
      back,
    }),
    [purchase, providerName, purchases, cancel, retry, done, back],
  )
}
