import type { PorticoError } from '@portico/core'
import { type UseSendTokenReturnType, useModal, useSendToken } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The WalletSend view's state: the form (from `useSendToken`) and the step to the preview. */
export type WalletSendViewState = UseSendTokenReturnType & {
  /** Builds the transfer and its fee, then shows the preview; a problem stays in `problem`. */
  review(): Promise<void>
  /** The preview is being built. */
  isReviewing: boolean
  /**
   * Why the last review failed, when the fields' own messages do not already say it (an empty
   * field, no token, a name nobody holds, a chain that cannot be reached).
   */
  problem: PorticoError | undefined
  openTokenSelect(): void
}

/** The WalletSend view-model: the form, live validation, and review → WalletSendPreview. */
export function useWalletSendView(): WalletSendViewState {
  const send = useSendToken()
  const { push } = useModal()
  const { preview, previewState, errors } = send
  const review = useCallback(async () => {
    try {
      await preview()
    } catch {
      // The failure is in previewState.error, shown as `problem`.
      return
    }
    push('WalletSendPreview')
  }, [preview, push])
  const error = previewState.error
  // A rejected field is already explained next to the field.
  const duplicate = error?.code === 'INVALID_INPUT' && Boolean(errors.amount ?? errors.receiver)
  const problem = error && !duplicate ? error : undefined
  const openTokenSelect = useCallback(() => push('WalletSendSelectToken'), [push])
  return useMemo(
    () => ({ ...send, review, isReviewing: previewState.isPending, problem, openTokenSelect }),
    [send, review, previewState.isPending, problem, openTokenSelect],
  )
}
