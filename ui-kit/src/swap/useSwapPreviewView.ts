import type { PorticoError, SwapPreview } from '@portico/core'
import { useModal, useSwap } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The SwapPreview view's state. */
export type SwapPreviewViewState = {
  /** What leaves, what arrives, the minimum, the fee, and the transactions to send. */
  review: SwapPreview | undefined
  /** The router must first be allowed to spend the source token: Approve comes before Swap. */
  needsApproval: boolean
  /** The swap is being built (after the approval is mined). */
  isBuilding: boolean
  /** The wallet is asked for the approval, or it is being mined. */
  isApproving: boolean
  /** The wallet is asked for the swap, or it is being mined. */
  isSwapping: boolean
  /** Why the swap could not be built after the approval. */
  problem: PorticoError | undefined
  /**
   * Sends the approval as a transaction step: the view stays, and the swap is built once it is
   * mined; a refusal or a failure goes back to the form (core says why in a toast).
   */
  approve(): Promise<void>
  /**
   * Swaps as a transaction step: back to the form on success, where the new balances show (core
   * shows the toast and refreshes balances and history), and on a refusal or a failure.
   */
  confirm(): Promise<void>
  /** Back to the form. */
  cancel(): void
}

const ignore = () => undefined

/** The SwapPreview view-model: the review, and the approval then the swap as transaction steps. */
export function useSwapPreviewView(): SwapPreviewViewState {
  const { back } = useModal()
  const { previewState, approveState, isPending, confirm: next } = useSwap()
  // Core runs the review's next transaction (Approve, then Swap) as a step, one at a time, and
  // navigates; the toast says why one failed.
  const confirm = useCallback(() => next().then(ignore, ignore), [next])
  const cancel = useCallback(() => back(), [back])
  const review = previewState.data
  return useMemo(
    () => ({
      review,
      needsApproval: Boolean(review?.approval),
      isBuilding: previewState.isPending,
      isApproving: approveState.isPending,
      isSwapping: isPending,
      problem: previewState.error,
      approve: confirm,
      confirm,
      cancel,
    }),
    [
      review,
      previewState.isPending,
      previewState.error,
      approveState.isPending,
      isPending,
      confirm,
      cancel,
    ],
  )
}
