import type { AuthTypes, SignClientTypes } from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'
import { chosenAccount, decideOnce, peerOf, type WalletContext } from './context.js'
import { recapMethods, signCacaos, signInMessages, signInRequest } from './signIn.js'
import type { WalletConnectAuthRequest, WalletConnectAuthResult } from './types.js'

// One-click sign-in (`wallet_authenticate`, the `session_authenticate` event): the dapp asks for
// signed sign-in messages and, with a ReCap, a session, in one step.

/** The `session_authenticate` handler: the request joins the wallet's list, and is decided. */
export function onAuthenticate(
  context: WalletContext,
  event: SignClientTypes.EventArguments['session_authenticate'],
) {
  const { client, state } = context
  const { id, topic } = event
  const { authPayload, requester, expiryTimestamp } = event.params
  const asked = signInRequest(context, authPayload)

  const settle = (status: WalletConnectAuthRequest['status']) => {
    request.status = status
    context.authRequests.remove(request)
    context.changed()
  }

  async function approve(approveOptions?: {
    accountIndex?: number
  }): Promise<WalletConnectAuthResult> {
    const { index, chosen } = chosenAccount(context, approveOptions)
    let cacaos: AuthTypes.Cacao[]
    try {
      if (asked.chains.length === 0) {
        throw new Error(`none of the chains ${asked.requestedChains.join(', ')} is a devnet chain`)
      }
      cacaos = await signCacaos(context, authPayload, chosen)
    } catch (error) {
      settle('rejected')
      await client.rejectSessionAuthenticate({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
      throw error
    }
    state.accountIndex = index
    const { session } = await client.approveSessionAuthenticate({ id, auths: cacaos })
    if (session) context.acknowledgedTopics.add(session.topic)
    settle('approved')
    return { cacaos, session: session ? context.sessionInfo(session) : undefined }
  }

  const decision = decideOnce('sign-in request', approve, async () => {
    settle('rejected')
    await client.rejectSessionAuthenticate({ id, reason: getSdkError('USER_REJECTED') })
  })
  const request: WalletConnectAuthRequest = {
    ...asked,
    kind: 'authenticate',
    id,
    pairingTopic: topic,
    proposer: peerOf(requester.metadata),
    methods: recapMethods(authPayload.resources),
    expiry: expiryTimestamp,
    status: 'pending',
    messages: (index = state.accountIndex) => signInMessages(context, [authPayload], index),
    approve: decision.approve,
    reject: decision.reject,
  }

  context.authRequests.add(request)
  context.changed()
  context.pairingWaiters.get(topic)?.resolve(request)
  void context.decide(request, context.options.onAuthenticate)
}
