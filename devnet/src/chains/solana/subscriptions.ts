import { type Address, isAddress, isSignature } from '@solana/kit'
import type { WebSocket } from 'ws'
import {
  config,
  errorMessage,
  invalidParams,
  type JsonRpcId,
  type JsonRpcRequest,
  METHOD_NOT_FOUND,
  parseJsonRpcBody,
  positional,
  RpcError,
  requireCount,
  stringifyJson,
} from './jsonrpc.js'
import type { Block } from './ledger.js'
import { callSolanaMethod, type SolanaRpcContext } from './methods.js'

/**
 * The WebSocket subscriptions (signatureSubscribe, slotSubscribe, rootSubscribe,
 * accountSubscribe and their unsubscribes): the requests on a socket, and the notifications
 * each new block owes.
 */
export function createSubscriptions(
  context: SolanaRpcContext,
  /** Runs a call and answers its result or error message. */
  run: (id: JsonRpcId, call: () => unknown) => unknown,
) {
  type Subscription = {
    socket: WebSocket
    kind: 'signature' | 'slot' | 'root' | 'account'
    /** For signature and account subscriptions. */
    key?: string
    encoding?: string
    /** The account as last sent (its JSON), to notify only on change. */
    last?: string
  }
  const subscriptions = new Map<number, Subscription>()
  let nextSubscription = 0
  function answerBody(ws: WebSocket, text: string): string | undefined {
    const parsed = parseJsonRpcBody(text)
    if (parsed.kind === 'invalid') return stringifyJson(errorMessage(null, parsed.error))
    const entries = parsed.kind === 'single' ? [parsed.entry] : parsed.entries
    const answers: unknown[] = []
    const after: (() => void)[] = []
    for (const entry of entries) {
      if (!entry.ok) {
        answers.push(errorMessage(entry.id, entry.error))
        continue
      }
      // kit's keep-alive `ping` is a notification: nothing to answer.
      if (entry.request.notification) continue
      answers.push(run(entry.request.id, () => subscriptionMethod(ws, entry.request, after)))
    }
    // Notifications owed at once (a signature that already landed) follow the answer.
    queueMicrotask(() => {
      for (const send of after) send()
    })
    if (answers.length === 0) return undefined
    return stringifyJson(parsed.kind === 'single' ? answers[0] : answers)
  }

  function subscriptionMethod(ws: WebSocket, request: JsonRpcRequest, after: (() => void)[]) {
    const params = positional(request.params)
    const unsubscribe = (kind: Subscription['kind']) => {
      const id = Number(requireCount(params[0], 'subscription id'))
      const subscription = subscriptions.get(id)
      if (!subscription || subscription.socket !== ws || subscription.kind !== kind) {
        throw invalidParams('Invalid subscription id.')
      }
      subscriptions.delete(id)
      return true
    }
    const subscribe = (subscription: Omit<Subscription, 'socket'>) => {
      const id = nextSubscription++
      subscriptions.set(id, { ...subscription, socket: ws })
      return id
    }
    switch (request.method) {
      case 'signatureSubscribe': {
        const signature = params[0]
        if (typeof signature !== 'string' || !isSignature(signature)) {
          throw invalidParams('Invalid param: not a base58 signature')
        }
        config(params[1])
        const id = subscribe({ kind: 'signature', key: signature })
        const landed = context.ledger.status(signature)
        if (landed) after.push(() => notifySignature(id, landed.slot, landed.err))
        return id
      }
      case 'slotSubscribe':
        return subscribe({ kind: 'slot' })
      case 'rootSubscribe':
        return subscribe({ kind: 'root' })
      case 'accountSubscribe': {
        const address = params[0]
        if (typeof address !== 'string' || !isAddress(address)) {
          throw invalidParams('Invalid param: not a base58 address')
        }
        const cfg = config(params[1])
        const encoding = typeof cfg.encoding === 'string' ? cfg.encoding : 'base58'
        const subscription = { kind: 'account' as const, key: address, encoding }
        return subscribe({ ...subscription, last: accountState(address, encoding).json })
      }
      case 'signatureUnsubscribe':
        return unsubscribe('signature')
      case 'slotUnsubscribe':
        return unsubscribe('slot')
      case 'rootUnsubscribe':
        return unsubscribe('root')
      case 'accountUnsubscribe':
        return unsubscribe('account')
      default:
        throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${request.method}`)
    }
  }

  /** The account as getAccountInfo answers it, and that answer's JSON to compare. */
  function accountState(address: string, encoding: string) {
    const answer = callSolanaMethod('getAccountInfo', [address, { encoding }], context) as {
      value: unknown
    }
    return { value: answer.value, json: stringifyJson(answer.value) }
  }

  function notify(id: number, method: string, result: unknown) {
    const subscription = subscriptions.get(id)
    if (!subscription || subscription.socket.readyState !== subscription.socket.OPEN) return
    subscription.socket.send(
      stringifyJson({ jsonrpc: '2.0', method, params: { result, subscription: id } }),
    )
  }

  function notifySignature(id: number, slot: bigint, err: unknown) {
    notify(id, 'signatureNotification', { context: { slot }, value: { err } })
    // A signature subscription ends with its notification.
    subscriptions.delete(id)
  }

  const stopListening = context.ledger.onBlock((block: Block) => {
    for (const [id, subscription] of [...subscriptions]) {
      if (subscription.kind === 'slot') {
        notify(id, 'slotNotification', {
          parent: block.parent,
          root: block.slot,
          slot: block.slot,
        })
      } else if (subscription.kind === 'root') {
        notify(id, 'rootNotification', block.slot)
      } else if (subscription.kind === 'signature') {
        const key = subscription.key as string
        if (!block.signatures.includes(key)) continue
        notifySignature(id, block.slot, context.ledger.status(key)?.err ?? null)
      } else {
        const state = accountState(subscription.key as Address, subscription.encoding ?? 'base58')
        if (state.json === subscription.last) continue
        subscription.last = state.json
        notify(id, 'accountNotification', { context: { slot: block.slot }, value: state.value })
      }
    }
  })

  return {
    /** The JSON text answering a socket's message; undefined when it held only notifications. */
    answerBody,
    /** The socket closed: its subscriptions end. */
    dropSocket(ws: WebSocket) {
      for (const [id, subscription] of subscriptions) {
        if (subscription.socket === ws) subscriptions.delete(id)
      }
    },
    /** No more notifications: the server is closing. */
    stop() {
      stopListening()
      subscriptions.clear()
    },
  }
}
