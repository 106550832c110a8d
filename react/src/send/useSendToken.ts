import { useStore } from '@nanostores/react'
import type {
  AsyncState,
  PreparedTransfer,
  SendErrors,
  SendFeature,
  SendState,
  TokenBalance,
} from '@portico/core'
import { useMemo } from 'react'
import { useTokenBalances } from '../balances/useTokenBalances.js'
import { usePortico } from '../context/usePortico.js'

/** What `useSendToken` returns. */
export type UseSendTokenReturnType = AsyncState<string> &
  SendState & {
    /** Live validation messages for the amount and the receiver (message keys). */
    errors: SendErrors
    /** The account's tokens to pick from. */
    tokens: readonly TokenBalance[]
    /** Building the preview (the transfer and its fee). */
    previewState: AsyncState<PreparedTransfer>
    setToken: SendFeature['setToken']
    setAmount: SendFeature['setAmount']
    setMax: SendFeature['setMax']
    setReceiver: SendFeature['setReceiver']
    preview: SendFeature['preview']
    /** Sends; `status`, `data` (the hash), `error` and `isPending` follow it. */
    send: SendFeature['send']
    /**
     * Sends as a step of the modal (the preview's Send): Account on success, back to the form on
     * a refusal or a failure; rejects as `send`.
     */
    confirm: SendFeature['confirm']
    reset: SendFeature['reset']
  }

/** Send the native token or a token: pick, type, preview the fee, send, see the hash. */
export function useSendToken(): UseSendTokenReturnType {
  const { send } = usePortico()
  const form = useStore(send.$state)
  const errors = useStore(send.$errors)
  const sending = useStore(send.$send)
  const previewState = useStore(send.$preview)
  const { tokens } = useTokenBalances()
  return useMemo(
    () => ({
      ...form,
      ...sending,
      errors,
      tokens,
      previewState,
      setToken: send.setToken,
      setAmount: send.setAmount,
      setMax: send.setMax,
      setReceiver: send.setReceiver,
      preview: send.preview,
      send: send.send,
      confirm: send.confirm,
      reset: send.reset,
    }),
    [form, sending, errors, tokens, previewState, send],
  )
}
