import type { PorticoError } from '@portico/core'
import { type UseSwapReturnType, useModal, useSwap } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The Swap view's state: the form (from `useSwap`) and the steps to the picker and the review. */
export type SwapViewState = UseSwapReturnType & {
  /** A quote is on its way (the form changed a moment ago, or the request is out). */
  isQuoting: boolean
  /**
   * Why there is no quote or no review, when the amount's own message does not already say it
   * (insufficient liquidity, a service that did not answer, the wallet on another network).
   */
  problem: PorticoError | undefined
  /** Everything the review needs is there. */
  canReview: boolean
  /** The review is being built. */
  isReviewing: boolean
  /** Builds the review, then shows it; a problem stays in `problem`. */
  review(): Promise<void>
  /** Opens the token picker for the token that leaves. */
  openSourceSelect(): void
  /** Opens the token picker for the token that arrives. */
  openTargetSelect(): void
  /** Asks for the quote again (after a failure). */
  retry(): void
}

/** The Swap view-model: the form, its quote and checks, and review → SwapPreview. */
export function useSwapView(): SwapViewState {
  const swap = useSwap()
  const { push } = useModal()
  const { preview, previewState, quoteState, errors, source, target, quote, refreshQuote } = swap
  const review = useCallback(async () => {
    try {
      await preview()
    } catch {
      // The failure is in previewState.error, shown as `problem`.
      return
    }
    push('SwapPreview')
  }, [preview, push])
  const openSourceSelect = useCallback(() => push('SwapSelectToken', { side: 'source' }), [push])
  const openTargetSelect = useCallback(() => push('SwapSelectToken', { side: 'target' }), [push])
  const retry = useCallback(() => void refreshQuote().catch(() => undefined), [refreshQuote])
  const failure = previewState.error ?? quoteState.error
  // A refused amount is already explained under the amount.
  const duplicate = failure?.code === 'INVALID_INPUT' && Boolean(errors.amount)
  const problem = failure && !duplicate ? failure : undefined
  const canReview = Boolean(
    swap.isSupported && source && target && quote && !errors.amount && !previewState.isPending,
  )
  return useMemo(
    () => ({
      ...swap,
      isQuoting: quoteState.isPending,
      problem,
      canReview,
      isReviewing: previewState.isPending,
      review,
      openSourceSelect,
      openTargetSelect,
      retry,
    }),
    [
      swap,
      quoteState.isPending,
      problem,
      canReview,
      previewState.isPending,
      review,
      openSourceSelect,
      openTargetSelect,
      retry,
    ],
  )
}
