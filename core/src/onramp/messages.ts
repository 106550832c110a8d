import { caipNetworkId, decimalAmount, isRecord } from '../kit.js'
import { printable } from './api.js'
import { ONRAMP_MESSAGE_TYPE } from './tuning.js'

/**
 * What a provider page posts to the window that opened it: once when the payment is processing,
 * then when the purchase succeeded (what was delivered, by which transaction) or failed (a code).
 */
export type OnrampProviderMessage =
  | { sessionId: string; status: 'processing' }
  | {
      sessionId: string
      status: 'success'
      purchase: {
        asset: string
        amount: string
        caipNetworkId: string
        address: string
        hash: string
      }
    }
  | { sessionId: string; status: 'failed'; code: string | undefined }

const id = printable(128)
const code = printable(64)

/**
 * Reads a provider message; anything else (another library's messages, a malformed one) is
 * undefined. Only the fields the SDK acts on are kept; a success without a valid delivery is not
 * a success.
 */
export function parseOnrampMessage(value: unknown): OnrampProviderMessage | undefined {
  if (!isRecord(value) || value.type !== ONRAMP_MESSAGE_TYPE || value.version !== 1) {
    return undefined
  }
  const sessionId = id(value.sessionId)
  if (!sessionId) return undefined
  if (value.status === 'processing') return { sessionId, status: 'processing' }
  if (value.status === 'failed') {
    const error = isRecord(value.error) ? value.error : {}
    return { sessionId, status: 'failed', code: code(error.code) }
  }
  if (value.status !== 'success' || !isRecord(value.purchase)) return undefined
  const p = value.purchase
  const asset = printable(32)(p.asset)
  const amount = decimalAmount(p.amount)
  const chain = caipNetworkId(p.caipNetworkId)
  const address = printable(128)(p.address)
  const hash = printable(256)(p.hash)
  if (!asset || !amount || !chain || !address || !hash) return undefined
  return {
    sessionId,
    status: 'success',
    purchase: { asset, amount, caipNetworkId: chain, address, hash },
  }
}
