import type { PreparedTransfer, SendReceiver, TokenBalance } from '@portico/core'
import { useModal, useSendToken } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The WalletSendPreview view's state. */
export type WalletSendPreviewViewState = {
  token: TokenBalance | undefined
  amount: string
  receiver: SendReceiver | undefined
  /** The network fee estimated for the transfer. */
  fee: PreparedTransfer['fee'] | undefined
  /** Everything needed is there (the preview was built). */
  isReady: boolean
  /** The wallet is asked, or the transfer is being mined. */
  isSending: boolean
  /**
   * Sends as a transaction step: on success the modal resets to Account (core shows the toast and
   * refreshes balances and history); a refusal or a failure goes back to the form, which keeps
   * what was typed.
   */
  confirm(): Promise<void>
  /** Back to the form. */
  cancel(): void
}

const ignore = () => undefined

/** The WalletSendPreview view-model: what leaves, to whom, the fee, and the send step. */
export function useWalletSendPreviewView(): WalletSendPreviewViewState {
  const { back } = useModal()
  const { token, amount, resolved, prepared, isPending, confirm: send } = useSendToken()
  // Core runs the step and navigates; the toast says why it failed.
  const confirm = useCallback(() => send().then(ignore, ignore), [send])
  const cancel = useCallback(() => back(), [back])
  return useMemo(
    () => ({
      token,
      amount,
      receiver: resolved,
      fee: prepared?.fee,
      isReady: Boolean(token && resolved && prepared),
      isSending: isPending,
      confirm,
      cancel,
    }),
    [token, amount, resolved, prepared, isPending, confirm, cancel],
  )
}
