import { type createApprovals, providerError } from './approvals.js'
import type { AuthBase } from './base.js'
import { FrameAnswerError } from './frame.js'
import { FRAME_ERRORS, FRAME_TIMINGS, RPC_ERROR_CODES, rpcMethodClass } from './protocol.js'

const hexChainId = (chainId: number) => `0x${chainId.toString(16)}`

/**
 * The auth connector's EIP-1193 provider: the accounts (a stored email login restored from the
 * frame), the chain and its switch, read-only calls, unsafe ones through their approval, refused
 * ones; and the sign-out.
 */
export function createProvider(
  base: AuthBase,
  approvals: ReturnType<typeof createApprovals>,
  forget: () => void,
) {
  const { kit, stores, ask, toast } = base
  const { PorticoError } = kit

  /** Tells the provider's listeners (the chain adapter) of an EIP-1193 event. */
  function emit(event: string, ...args: unknown[]) {
    for (const [name, listener] of base.listeners) {
      if (name === event) (listener as (...a: unknown[]) => void)(...args)
    }
  }

  async function accounts(asked: boolean): Promise<string[]> {
    let user = stores.$user.get()
    if (!user) {
      try {
        const { isConnected } = await ask('IS_CONNECTED', {})
        if (isConnected) user = base.setUser((await ask('GET_USER', {})).user)
      } catch (error) {
        // A stored email login that cannot be restored: the user sees why, and starts over.
        if (!asked) toast.showError({ key: 'auth.initFailed' })
        throw base.authError(error)
      }
    }
    if (user) return [user.address]
    if (asked) throw new PorticoError('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
    return []
  }

  async function switchChain(params: unknown): Promise<null> {
    const wanted = Array.isArray(params) ? (params[0] as { chainId?: unknown }) : undefined
    const id =
      typeof wanted?.chainId === 'string' ? Number.parseInt(wanted.chainId, 16) : Number.NaN
    if (!Number.isSafeInteger(id) || id <= 0) {
      throw providerError(RPC_ERROR_CODES.invalidParams, 'Expected [{ chainId }]')
    }
    let chainId: number
    try {
      ;({ chainId } = await ask('SWITCH_NETWORK', { chainId: id }))
    } catch (error) {
      if (
        error instanceof FrameAnswerError &&
        error.payload.message === FRAME_ERRORS.unsupportedChain
      ) {
        throw providerError(4902, FRAME_ERRORS.unsupportedChain)
      }
      throw base.authError(error)
    }
    base.setChainId(chainId)
    emit('chainChanged', hexChainId(chainId))
    return null
  }

  return {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        case 'eth_accounts':
          return accounts(false)
        case 'eth_requestAccounts':
          return accounts(true)
        case 'eth_chainId':
          return hexChainId(await base.chainId())
        case 'wallet_switchEthereumChain':
          return switchChain(params)
      }
      const kind = rpcMethodClass(method)
      if (kind === 'refused') throw approvals.showRefusal(new PorticoError('RPC_NOT_ALLOWED'))
      if (kind === 'unsafe') return approvals.unsafeRequest(method, params)
      try {
        const { result } = await ask('RPC_REQUEST', {
          method,
          ...(params === undefined ? {} : { params: params as never }),
        })
        return result
      } catch (error) {
        throw approvals.rpcFailure(error)
      }
    },
    async signOut() {
      forget()
      stores.$user.set(undefined)
      const { status } = stores.$frame.get()
      if (status === 'idle' || status === 'failed') return
      try {
        // At most 3 s, the frame's load included: then the local sign-out stands alone.
        await kit.withDeadline(ask('SIGN_OUT', {}, FRAME_TIMINGS.signOutWaitMs), {
          timeoutMs: FRAME_TIMINGS.signOutWaitMs,
        })
      } catch (error) {
        base.logger.warn('the secure frame did not confirm the sign-out', error)
      }
    },
  }
}
