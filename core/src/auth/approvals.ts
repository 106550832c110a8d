import type { PorticoError } from '../errors/index.js'
import { errorMessage } from '../kit.js'
import type { AuthBase } from './base.js'
import { FrameAnswerError } from './frame.js'
import { RPC_ERROR_CODES } from './protocol.js'
import { checkSendCalls, checkTransaction, isTransactionLike } from './rpc.js'
import type { ApproveTransactionData } from './types.js'

/** An EIP-1193 error, for the chain adapter to read its code. */
export const providerError = (code: number, message: string, data?: unknown) => ({
  code,
  message,
  data,
})

/**
 * The wallet requests the user must approve (ApproveTransaction shows the frame's own approval
 * UI), the requests the wallet refuses (the modal says why), and the frame's errors as the chain
 * adapter reads them.
 */
export function createApprovals(base: AuthBase) {
  const { kit, modal, requests, ask } = base
  const { PorticoError } = kit
  /** Unsafe requests waiting for the user, and the method of the latest. */
  let approvals = 0
  let approvalMethod: string | undefined

  /** A frame refusal ('Action not allowed', 'Requested RPC call is not allowed'), or undefined. */
  function refusalOf(error: unknown): PorticoError | undefined {
    if (!(error instanceof FrameAnswerError)) return undefined
    if (error.payload.code === RPC_ERROR_CODES.unauthorized) {
      return new PorticoError('ACTION_NOT_ALLOWED', { cause: error })
    }
    if (error.payload.code === RPC_ERROR_CODES.unsupportedMethod) {
      return new PorticoError('RPC_NOT_ALLOWED', { cause: error })
    }
    return undefined
  }

  /** A request the wallet refused opens the modal on ApproveTransaction with the error. */
  function showRefusal(error: PorticoError): PorticoError {
    const data: ApproveTransactionData = { error: errorMessage(error) }
    if (modal.isShowing('ApproveTransaction')) modal.replace('ApproveTransaction', data)
    else if (modal.$open.get()) modal.push('ApproveTransaction', data)
    else modal.open({ view: 'ApproveTransaction', data })
    return error
  }

  /** The frame's error for the chain adapter: a refusal, or an EIP-1193 error with its code. */
  function rpcFailure(error: unknown): unknown {
    const refusal = refusalOf(error)
    if (refusal) return showRefusal(refusal)
    if (error instanceof FrameAnswerError) {
      const { code, message, data } = error.payload
      return providerError(code ?? 4900, message, data)
    }
    return error
  }

  function openApproval(method: string) {
    approvalMethod = method
    if (modal.isShowing('ApproveTransaction')) return
    const data: ApproveTransactionData = { method }
    if (modal.$open.get()) modal.push('ApproveTransaction', data)
    else modal.open({ view: 'ApproveTransaction', data })
  }

  /** The request was answered: ApproveTransaction pops, or the modal closes if it was alone. */
  function leaveApproval() {
    if (approvals > 0 || !modal.isShowing('ApproveTransaction')) return
    if (modal.$stack.get().length > 1) modal.back()
    else modal.close()
  }
  // The user closed the modal while a flow waited (a send): reopening shows the approval again.
  base.onDestroy(
    modal.onOpenChange((open) => {
      if (open && approvals > 0 && approvalMethod && !modal.isShowing('ApproveTransaction')) {
        modal.push('ApproveTransaction', { method: approvalMethod })
      }
    }),
  )

  /** An unsafe request: checked, then shown in the frame's approval UI until the user decides. */
  async function unsafeRequest(method: string, params: unknown): Promise<unknown> {
    const list = Array.isArray(params) ? params : []
    const problem =
      method === 'wallet_sendCalls'
        ? checkSendCalls(params)
        : method === 'eth_sendTransaction'
          ? checkTransaction(list[0])
          : undefined
    if (problem) throw base.invalid(problem, `The ${method} request is not valid`)
    let abort: (reason: Error) => void = () => {}
    const aborted = new Promise<never>((_, reject) => {
      abort = reject
    })
    aborted.catch(() => undefined)
    // Closing the modal with no transaction step waiting rejects the request ('Request was
    // aborted'); the frame then reloads, which drops the approval it shows.
    const settle = requests.track(method, (reason) => {
      abort(reason)
      void base.reloadFrame()
    })
    approvals++
    openApproval(method)
    let refused = false
    try {
      const { result } = await Promise.race([
        ask('RPC_REQUEST', { method, params: params as never }, undefined),
        aborted,
      ])
      if (!isTransactionLike(result) && (typeof result !== 'object' || result === null)) {
        throw new PorticoError('INVALID_RESPONSE', `The wallet's answer to ${method} is not valid`)
      }
      return result
    } catch (error) {
      refused = refusalOf(error) !== undefined
      throw rpcFailure(error)
    } finally {
      settle()
      approvals--
      if (!refused) leaveApproval()
    }
  }

  return { unsafeRequest, showRefusal, rpcFailure }
}
