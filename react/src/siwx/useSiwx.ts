import { useStore } from '@nanostores/react'
import type {
  AsyncState,
  SiwxFeature,
  SiwxPreparedMessage,
  SiwxSession,
  SiwxSessionInfo,
} from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useSiwx` returns. */
export type UseSiwxReturnType = AsyncState<SiwxSession> & {
  /** The connected account's session (address, network, expiry), once signed in. */
  session: SiwxSessionInfo | undefined
  /** Whether the app configured sign-in. */
  isEnabled: boolean
  /** Whether the modal stays open until the user signs in. */
  isRequired: boolean
  /**
   * Signs the connected account in; `status`, `data`, `error` and `isPending` follow it. One
   * wallet prompt however often it is called while pending.
   */
  signIn: SiwxFeature['signIn']
  /** Revokes the session (and disconnects when sign-in is required). */
  signOut: SiwxFeature['signOut']
  /** The message to sign (made when the sign-in view opens): its text and what it binds. */
  message: AsyncState<SiwxPreparedMessage>
  /** Makes the message again (after it could not be made). */
  prepareMessage: SiwxFeature['prepareMessage']
  /** Gives up signing in: disconnects when sign-in is required, otherwise only closes. */
  cancel: SiwxFeature['cancel']
}

/**
 * Sign in with the wallet: the session of the connected account, read while the hook is used
 * (a stored session after a reload), and the actions. The modal asks by itself after a
 * connection; this hook is for custom UIs and for showing who is signed in.
 */
export function useSiwx(): UseSiwxReturnType {
  const { siwx } = usePortico()
  const session = useStore(siwx.$sessionInfo)
  const state = useStore(siwx.$signIn)
  const message = useStore(siwx.$message)
  return useMemo(
    () => ({
      ...state,
      session,
      isEnabled: siwx.isEnabled(),
      isRequired: siwx.isRequired(),
      signIn: siwx.signIn,
      signOut: siwx.signOut,
      message,
      prepareMessage: siwx.prepareMessage,
      cancel: siwx.cancel,
    }),
    [state, session, message, siwx],
  )
}
