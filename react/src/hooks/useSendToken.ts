import { useStore } from '@nanostores/react'
import type {
  PreparedTransfer,
  SendErrors,
  SendFeature,
  SendState,
  TokenBalance,
} from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from './usePortico.js'
import { useTokenBalances } from './useTokenBalances.js'

export type UseSendTokenReturnType = SendState & {
  /** Live validation messages for the amount and the receiver. */
  errors: SendErrors
  /** The account's tokens to pick from. */
  tokens: readonly TokenBalance[]
  setToken: SendFeature['setToken']
  setAmount: SendFeature['setAmount']
  setMax: SendFeature['setMax']
  setReceiver: SendFeature['setReceiver']
  preview(): Promise<PreparedTransfer>
  send(): Promise<string>
  reset(): void
}

/** Send the native token or an ERC-20: pick, type, preview the fee, send, see the hash. */
export function useSendToken(): UseSendTokenReturnType {
  const { send } = usePortico()
  const state = useStore(send.$state)
  const errors = useStore(send.$errors)
  const { tokens } = useTokenBalances()
  return useMemo(
    () => ({
      ...state,
      errors,
      tokens,
      setToken: send.setToken,
      setAmount: send.setAmount,
      setMax: send.setMax,
      setReceiver: send.setReceiver,
      preview: send.preview,
      send: send.send,
      reset: send.reset,
    }),
    [state, errors, tokens, send],
  )
}
