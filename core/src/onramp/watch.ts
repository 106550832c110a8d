import type { OnrampBase } from './base.js'
import { parseOnrampMessage } from './messages.js'
import type { OnrampWindow } from './popup.js'
import type { OnrampOrder } from './providers.js'
import {
  ONRAMP_HISTORY_PARAMETER,
  ONRAMP_POLL_INTERVAL_MS,
  ONRAMP_POLL_TIMEOUT_MS,
} from './tuning.js'
import type { OnrampProvider, OnrampPurchase } from './types.js'
import { failureMessage, ONRAMP_MESSAGES } from './validation.js'

/** A message event as the on-ramp reads it. */
type MessageLike = { origin: string; source: unknown; data: unknown }

/** Listens to messages posted to this window; nothing where there is no window. */
function listenToMessages(handler: (event: MessageLike) => void): () => void {
  const target = globalThis as {
    addEventListener?: (type: 'message', listener: (event: MessageLike) => void) => void
    removeEventListener?: (type: 'message', listener: (event: MessageLike) => void) => void
  }
  if (typeof target.addEventListener !== 'function') return () => undefined
  target.addEventListener('message', handler)
  return () => target.removeEventListener?.('message', handler)
}

/** A purchase under way in the provider's window, as it is watched. */
export type WatchedPurchase = {
  popup: OnrampWindow
  /** The provider page's origin: its messages are the only ones read. */
  origin: string
  sessionId: string | undefined
  provider: OnrampProvider
  order: OnrampOrder
  caipNetworkId: string
  signal: AbortSignal
  /** The user paid: the provider delivers. */
  onProcessing(): void
}

/**
 * Watches a purchase until it completes or fails: the account's on-ramp history (the provider's
 * status), read every 4 s and at once when the provider page says it is done, and the page's
 * messages (from its origin, and from the window the SDK opened: anything else is ignored),
 * which never end a purchase as bought on their own. A window closed with no purchase in sight ends it; after 3 minutes
 * the user is told it is still processing.
 */
export function watchPurchase(base: OnrampBase, watched: WatchedPurchase): Promise<OnrampPurchase> {
  const { api, logger, error } = base
  const { popup, origin, sessionId, provider, order, caipNetworkId, signal } = watched
  const address = order.address.toLowerCase()
  return new Promise((resolve, reject) => {
    let done = false
    let processing = false
    let baseline: Set<string> | undefined
    let pollTimer: ReturnType<typeof setTimeout> | undefined
    const end = () => {
      done = true
      clearTimeout(pollTimer)
      clearTimeout(deadline)
      stopListening()
      signal.removeEventListener('abort', onAbort)
    }
    const succeed = (purchase: OnrampPurchase) => {
      if (done) return
      end()
      resolve(purchase)
    }
    const fail = (reason: unknown) => {
      if (done) return
      end()
      reject(reason)
    }
    const failed = (code: string | undefined, id: string | undefined) =>
      fail(
        error('API_ERROR', 'The purchase failed', failureMessage(code), {
          reason: code ?? 'failed',
          provider: provider.id,
          ...(id ? { sessionId: id } : {}),
        }),
      )
    const markProcessing = () => {
      if (processing) return
      processing = true
      watched.onProcessing()
    }
    const onAbort = () => fail(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    const deadline = setTimeout(
      () =>
        fail(
          error(
            'TIMEOUT',
            'The purchase was not confirmed within 3 minutes',
            ONRAMP_MESSAGES.timeout,
            { seconds: ONRAMP_POLL_TIMEOUT_MS / 1000 },
          ),
        ),
      ONRAMP_POLL_TIMEOUT_MS,
    )
    // A provider page's word moves the purchase along, but never ends it as bought: the page is
    // a web page another party serves, and "done" is believed only from the provider's status
    // (the account's on-ramp history). Its success asks the status at once instead of at the next
    // tick; its failure ends the following (the user reads the page's own result).
    const stopListening = listenToMessages((event) => {
      if (event.origin !== origin || event.source !== popup) return
      const message = parseOnrampMessage(event.data)
      if (!message || (sessionId !== undefined && message.sessionId !== sessionId)) return
      if (message.status === 'processing') markProcessing()
      else if (message.status === 'failed') failed(message.code, message.sessionId)
      else if (message.purchase.address.toLowerCase() === address) {
        markProcessing()
        pollNow()
      }
    })
    /** A read of the status under way, and whether another was asked for meanwhile. */
    let polling = false
    let pollAgain = false
    const pollNow = () => {
      if (done) return
      if (polling) {
        pollAgain = true
        return
      }
      clearTimeout(pollTimer)
      void poll()
    }
    const poll = async () => {
      polling = true
      // Read before the request: a window closed after the purchase shows in this answer.
      const closed = popup.closed
      const items = await api
        .getPurchases(
          {
            address: order.address,
            provider: ONRAMP_HISTORY_PARAMETER[provider.id],
            chainId: caipNetworkId,
          },
          { signal },
        )
        .catch((cause: unknown) => {
          if (!done) logger.warn('could not read the on-ramp purchases', cause)
          return undefined
        })
      polling = false
      if (done) return
      if (items && !sessionId && !baseline) baseline = new Set(items.map((item) => item.id))
      else if (items) {
        const item = items.find((i) => (sessionId ? i.id === sessionId : !baseline?.has(i.id)))
        if (item?.status === 'confirmed') {
          return succeed({
            provider: provider.id,
            sessionId: item.id,
            asset: item.asset?.symbol ?? order.asset.symbol,
            amount: item.asset?.amount ?? '',
            caipNetworkId: item.caipNetworkId,
            address: order.address,
            hash: item.hash,
          })
        }
        if (item?.status === 'failed') return failed(undefined, item.id)
        if (item) markProcessing()
      }
      if (closed && !processing) {
        return fail(
          error(
            'ABORTED',
            'The provider window was closed before the purchase',
            ONRAMP_MESSAGES.windowClosed,
          ),
        )
      }
      if (pollAgain) {
        pollAgain = false
        return pollNow()
      }
      pollTimer = setTimeout(() => void poll(), ONRAMP_POLL_INTERVAL_MS)
    }
    void poll()
  })
}
