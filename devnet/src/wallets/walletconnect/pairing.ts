import { parseUri } from '@walletconnect/utils'
import type { PairingItem, WalletContext } from './context.js'

// Pairing with a `wc:` URI: what comes over the pairing first (a session proposal or a sign-in
// request), or a timeout for a stale URI.

/** How long pair() waits for the proposal once paired. */
const DEFAULT_PROPOSAL_TIMEOUT_MS = 30_000

/** Pairs with `uri`; resolves with what comes over the pairing first. */
export async function openPairing(context: WalletContext, uri: string): Promise<PairingItem> {
  const { pairingWaiters } = context
  if (context.state.closed) throw new Error('the wallet is closed')
  const { topic } = parseUri(uri)
  if (!topic) throw new Error('not a WalletConnect pairing URI')
  const already =
    context.proposals.items.find((p) => p.pairingTopic === topic) ??
    context.authRequests.items.find((r) => r.pairingTopic === topic)
  if (already) return already
  // The proposal (or sign-in request) is in the relay's mailbox: it comes at once, unless the
  // URI is stale.
  let timer: ReturnType<typeof setTimeout> | undefined
  const arrived = new Promise<PairingItem>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer)
      pairingWaiters.delete(topic)
    }
    pairingWaiters.set(topic, {
      resolve(item) {
        done()
        resolve(item)
      },
      reject(error) {
        done()
        reject(error)
      },
    })
  })
  try {
    await context.client.pair({ uri })
  } catch (error) {
    pairingWaiters.get(topic)?.reject(error)
    return arrived
  }
  if (pairingWaiters.has(topic)) {
    timer = setTimeout(() => {
      pairingWaiters
        .get(topic)
        ?.reject(new Error('No session proposal came with this pairing URI: it may have expired'))
    }, context.options.proposalTimeoutMs ?? DEFAULT_PROPOSAL_TIMEOUT_MS)
  }
  return arrived
}

/** A pairing that must bring a session proposal. */
export async function pairForProposal(context: WalletContext, uri: string) {
  const item = await openPairing(context, uri)
  if (item.kind === 'proposal') return item
  throw new Error(
    'This pairing brought a one-click sign-in request (wallet_authenticate), not a session proposal: use pairAuthenticate()',
  )
}

/** A pairing that must bring a one-click sign-in request. */
export async function pairForSignIn(context: WalletContext, uri: string) {
  const item = await openPairing(context, uri)
  if (item.kind === 'authenticate') return item
  throw new Error('This pairing brought a session proposal, not a one-click sign-in request')
}
