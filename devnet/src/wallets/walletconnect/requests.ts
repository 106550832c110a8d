import type { SignClientTypes } from '@walletconnect/types'
import { unrecognizedChain, userRejected } from '../evm/errors.js'
import { peerOf, type WalletContext } from './context.js'
import {
  chainIdHex,
  eip155ChainId,
  executeConsentMethod,
  findSigner,
  isConsentMethod,
  switchTarget,
  toRpcError,
  unsupportedMethod,
} from './methods.js'
import { addChainToSession, emitEvent, sessionAccounts } from './sessions.js'
import type { WalletConnectRequest } from './types.js'

// Session requests: the methods answered at once (accounts, chain id, a chain switch), and the
// consent methods (signatures, transactions), which wait in the wallet's list until approved
// or rejected. `methods.ts` runs each consent method.

type SessionRequest = SignClientTypes.EventArguments['session_request']

async function respond(
  context: WalletContext,
  topic: string,
  id: number,
  outcome: { result: unknown } | { error: unknown },
) {
  const jsonrpc = '2.0' as const
  await context.client.respond({
    topic,
    response:
      'result' in outcome
        ? { id, jsonrpc, result: outcome.result }
        : { id, jsonrpc, error: toRpcError(outcome.error) },
  })
}

/** The `session_request` handler. */
export async function onRequest(context: WalletContext, event: SessionRequest) {
  const { id, topic } = event
  const { request, chainId } = event.params
  const method = request.method
  try {
    if (isConsentMethod(method)) {
      queueRequest(context, event)
      return
    }
    const allowed = sessionAccounts(context, topic, chainId)
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return await respond(context, topic, id, { result: allowed })
      case 'eth_chainId':
        return await respond(context, topic, id, {
          result: chainIdHex(eip155ChainId(chainId) ?? context.chains[0]?.chainId ?? 0),
        })
      case 'wallet_switchEthereumChain': {
        const target = switchTarget(request.params)
        if (!context.chainOf(`eip155:${target}`)) throw unrecognizedChain(chainIdHex(target))
        await addChainToSession(context, topic, target)
        await respond(context, topic, id, { result: null })
        await emitEvent(context, topic, `eip155:${target}`, { name: 'chainChanged', data: target })
        return
      }
      default:
        throw unsupportedMethod(method)
    }
  } catch (error) {
    await respond(context, topic, id, { error }).catch(() => undefined)
  }
}

/** A consent method: listed until approve() runs it and answers, or reject() answers 4001. */
function queueRequest(context: WalletContext, event: SessionRequest) {
  const { client } = context
  const { id, topic } = event
  const { request: call, chainId } = event.params
  let outcome: Promise<unknown> | undefined
  const session = client.session.keys.includes(topic) ? client.session.get(topic) : undefined

  const settle = (status: WalletConnectRequest['status']) => {
    request.status = status
    context.requests.remove(request)
    context.changed()
  }

  async function run(): Promise<unknown> {
    let result: unknown
    try {
      const chain = context.chainOf(chainId)
      if (!chain) throw unrecognizedChain(chainId)
      const allowed = sessionAccounts(context, topic, chainId)
      result = await executeConsentMethod(call.method as never, call.params, {
        chain,
        signer: (address) => findSigner(context.hdAccounts, allowed, address),
        defaultSigner: () => findSigner(context.hdAccounts, allowed, allowed[0]),
      })
    } catch (error) {
      settle('failed')
      await respond(context, topic, id, { error }).catch(() => undefined)
      throw error
    }
    settle('approved')
    await respond(context, topic, id, { result })
    return result
  }

  const request: WalletConnectRequest = {
    id,
    topic,
    chainId,
    method: call.method,
    params: call.params,
    peer: session ? peerOf(session.peer.metadata) : undefined,
    status: 'pending',
    approve() {
      outcome ??= run()
      return outcome
    },
    reject() {
      outcome ??= (async () => {
        settle('rejected')
        await respond(context, topic, id, { error: userRejected() })
      })()
      return outcome.then(() => undefined)
    },
  }
  context.requests.add(request)
  context.changed()
  void context.decide(request, context.options.onRequest)
}
