import type { AuthTypes, ProposalTypes, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { chosenAccount, decideOnce, peerOf, unique, type WalletContext } from './context.js'
import { DEFAULT_EVENTS, DEFAULT_METHODS } from './methods.js'
import { signCacaos, signInMessages, signInRequest } from './signIn.js'
import type { WalletConnectProposal, WalletConnectSession } from './types.js'

// Session proposals: what a dapp's connect() asks for, shown until approved (a session on the
// chains the wallet knows, with the CACAOs of any sign-in request sent along) or rejected.

/** The eip155 chains, methods and events a proposal asks for, required and optional alike. */
function requestedNamespaces(params: ProposalTypes.Struct) {
  const all = [
    ...Object.entries(params.requiredNamespaces ?? {}),
    ...Object.entries(params.optionalNamespaces ?? {}),
  ].filter(([key]) => key === 'eip155' || key.startsWith('eip155:'))
  const requestedChains = unique(
    all.flatMap(([key, ns]) => (key.includes(':') ? [key] : (ns.chains ?? []))),
  )
  const methods = unique(all.flatMap(([, ns]) => ns.methods ?? []))
  const events = unique(all.flatMap(([, ns]) => ns.events ?? []))
  return { requestedChains, methods, events }
}

/** The `session_proposal` handler: the proposal joins the wallet's list, and is decided. */
export function onProposal(
  context: WalletContext,
  event: SignClientTypes.EventArguments['session_proposal'],
) {
  const { client, state } = context
  const params = event.params
  const { requestedChains, methods, events } = requestedNamespaces(params)
  // The 2.25 protocol carries sign-in requests in the proposal itself.
  const signIns = (params.requests?.authentication ?? []) as AuthTypes.PayloadParams[]

  async function rejectProposal(reason: { code: number; message: string }) {
    proposal.status = 'rejected'
    context.proposals.remove(proposal)
    context.changed()
    await client.reject({ id: params.id, reason })
  }

  async function approve(approveOptions?: {
    accountIndex?: number
  }): Promise<WalletConnectSession> {
    const { index, chosen } = chosenAccount(context, approveOptions)
    if (proposal.chains.length === 0) {
      await rejectProposal(getSdkError('UNSUPPORTED_CHAINS'))
      throw new Error(`none of the chains ${requestedChains.join(', ')} is a devnet chain`)
    }
    let namespaces: SessionTypes.Namespaces
    try {
      namespaces = buildApprovedNamespaces({
        proposal: params,
        supportedNamespaces: {
          eip155: {
            chains: proposal.chains,
            methods: proposal.methods,
            events: proposal.events,
            accounts: proposal.chains.map((caip) => `${caip}:${chosen.address}`),
          },
        },
      })
    } catch (error) {
      await rejectProposal(getSdkError('UNSUPPORTED_NAMESPACE_KEY'))
      throw error
    }
    let cacaos: AuthTypes.Cacao[] = []
    try {
      for (const request of signIns) {
        cacaos = [...cacaos, ...(await signCacaos(context, request, chosen))]
      }
    } catch (error) {
      await rejectProposal(getSdkError('UNSUPPORTED_CHAINS'))
      throw error
    }
    state.accountIndex = index
    const { acknowledged } = await client.approve({
      id: params.id,
      namespaces,
      ...(signIns.length > 0 ? { proposalRequestsResponses: { authentication: cacaos } } : {}),
    })
    const session = await acknowledged()
    context.acknowledgedTopics.add(session.topic)
    proposal.status = 'approved'
    context.proposals.remove(proposal)
    context.changed()
    return context.sessionInfo(session)
  }

  const decision = decideOnce('proposal', approve, () =>
    rejectProposal(getSdkError('USER_REJECTED')),
  )
  const proposal: WalletConnectProposal = {
    kind: 'proposal',
    id: params.id,
    pairingTopic: params.pairingTopic,
    proposer: peerOf(params.proposer.metadata),
    requestedChains,
    chains: requestedChains.filter((caip) => context.chainOf(caip)),
    methods: methods.length > 0 ? methods : [...DEFAULT_METHODS],
    events: unique([...events, ...DEFAULT_EVENTS]),
    authentication: signIns.map((request) => signInRequest(context, request)),
    messages: (index = state.accountIndex) => signInMessages(context, signIns, index),
    status: 'pending',
    approve: decision.approve,
    reject: decision.reject,
  }

  context.proposals.add(proposal)
  context.changed()
  context.pairingWaiters.get(params.pairingTopic)?.resolve(proposal)
  void context.decide(proposal, context.options.onProposal)
}

/** A proposal that expired while waiting leaves the list. */
export function onProposalExpired(context: WalletContext, { id }: { id: number }) {
  const proposal = context.proposals.items.find((p) => p.id === id)
  if (!proposal) return
  proposal.status = 'expired'
  context.proposals.remove(proposal)
  context.changed()
}
