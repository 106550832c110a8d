// Shared by the checkout page (browser) and the server: no Node imports here.
import { ONRAMP_MESSAGE_TYPE, type OnrampProvider } from './config.js'
import type { OnrampSession } from './onramp.js'

/**
 * What the checkout page posts to the window that opened it, with that window's recorded origin
 * as the target origin (never `*`): once when the payment is processing, once when it succeeds
 * or fails. The receiver checks `event.origin` (the devnet API's origin) and `event.source` (the
 * popup it opened) before trusting it.
 */
export type OnrampMessage = {
  type: typeof ONRAMP_MESSAGE_TYPE
  version: 1
  sessionId: string
  provider: OnrampProvider
  status: 'success' | 'failed' | 'processing'
  /** With `success`: what was delivered, and the mined transaction. */
  purchase?: {
    asset: string
    amount: string
    chainId: number
    caipNetworkId: string
    address: string
    contractAddress: string
    hash: string
  }
  /** With `failed`: why (`card_declined`, `provider_failed`, `delivery_failed`). */
  error?: { code: string; message: string }
}

/** The message for a session's state; none while it is still open (nothing to report). */
export function messageOf(session: OnrampSession): OnrampMessage | undefined {
  const base = {
    type: ONRAMP_MESSAGE_TYPE,
    version: 1,
    sessionId: session.id,
    provider: session.provider,
  } as const
  if (session.status === 'pending') return { ...base, status: 'processing' }
  if (session.status === 'failed') {
    return {
      ...base,
      status: 'failed',
      error: session.failure ?? { code: 'failed', message: 'The purchase failed.' },
    }
  }
  if (session.status === 'confirmed' && session.purchase) {
    const p = session.purchase
    return {
      ...base,
      status: 'success',
      purchase: {
        asset: p.asset,
        amount: p.amount,
        chainId: p.chainId,
        caipNetworkId: p.caipNetworkId,
        address: p.to,
        contractAddress: p.contractAddress,
        hash: p.hash,
      },
    }
  }
  return undefined
}
