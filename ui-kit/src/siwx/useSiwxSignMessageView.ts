import type { PorticoError, ViewData } from '@portico/core'
import { usePorticoOptions, useSiwx } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The SIWXSignMessage (and ConnectingSiwe) view's state. */
export type SiwxSignMessageViewState = {
  /** Who asks: the app's name (its metadata), else the domain the message is for. */
  appName: string
  /** The domain the message binds the sign-in to, once the message is made. */
  domain: string | undefined
  /** The exact text the wallet is asked to sign (undefined while it is being made). */
  message: string | undefined
  /** The message is being made (a nonce from the server). */
  isPreparing: boolean
  /** Why the message could not be made; `prepare()` tries again. */
  prepareError: PorticoError | undefined
  /** The wallet (then the server) is being asked. */
  isSigning: boolean
  /** Why the last Sign failed. */
  error: PorticoError | undefined
  /** The user refused in the wallet: 'Signature declined', the view stays with Sign as a retry. */
  isDeclined: boolean
  /** Whether the app requires sign-in (Cancel then disconnects). */
  isRequired: boolean
  /** Asks the wallet to sign; after a refusal, the retry. */
  sign(): void
  /** Cancel: disconnects when sign-in is required, otherwise only closes. */
  cancel(): void
  /** Makes the message again after it could not be made. */
  prepare(): void
}

/**
 * The sign-in view-model: the message core made when the view opened, Sign and Cancel. The flow
 * (what Sign does, where the view goes after) is in core; this only reads and forwards.
 */
export function useSiwxSignMessageView(
  _props: { data?: ViewData | undefined } = {},
): SiwxSignMessageViewState {
  const { metadata } = usePorticoOptions()
  const {
    signIn,
    isPending,
    error,
    isRequired,
    message: prepared,
    cancel: cancelSignIn,
    prepareMessage,
  } = useSiwx()
  const sign = useCallback(() => {
    // The error is the hook's state (shown by the view); nothing else to do with it here.
    signIn().catch(() => undefined)
  }, [signIn])
  const cancel = useCallback(() => {
    cancelSignIn().catch(() => undefined)
  }, [cancelSignIn])
  const prepare = useCallback(() => {
    prepareMessage().catch(() => undefined)
  }, [prepareMessage])
  const domain = prepared.data?.data.domain
  const appName = metadata?.name ?? domain ?? ''
  return useMemo(
    () => ({
      appName,
      domain,
      message: prepared.data?.text,
      isPreparing: prepared.isPending,
      prepareError: prepared.error,
      isSigning: isPending,
      error,
      isDeclined: error?.code === 'USER_REJECTED',
      isRequired,
      sign,
      cancel,
      prepare,
    }),
    [appName, domain, prepared, isPending, error, isRequired, sign, cancel, prepare],
  )
}
