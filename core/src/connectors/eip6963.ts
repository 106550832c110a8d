import { toSafeImageUrl } from '../security/index.js'
import { isRecord } from '../storage/validators.js'
import type { Eip1193Provider, Eip6963Info } from './types.js'

const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i
const MAX_NAME_LENGTH = 64

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  )
}

/**
 * Validates an `eip6963:announceProvider` detail. Wallet metadata is untrusted input: the name is
 * trimmed and bounded, the icon must be an image URL, the rdns must look like one.
 */
export function parseAnnouncement(
  detail: unknown,
): { info: Eip6963Info; provider: Eip1193Provider } | undefined {
  if (!isRecord(detail) || !isRecord(detail.info) || !isEip1193Provider(detail.provider)) {
    return undefined
  }
  const { uuid, name, icon, rdns } = detail.info
  if (typeof uuid !== 'string' || uuid.length === 0) return undefined
  if (typeof rdns !== 'string' || !RDNS.test(rdns) || rdns.length > 255) return undefined
  if (typeof name !== 'string') return undefined
  const cleanName = name.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_LENGTH)
  if (cleanName.length === 0) return undefined
  return {
    info: { uuid, name: cleanName, icon: toSafeImageUrl(icon) ?? '', rdns },
    provider: detail.provider,
  }
}

/**
 * Listens for wallets announcing themselves (EIP-6963) and asks those already loaded to announce.
 * A local DOM event: no network request.
 */
export function listenForAnnouncements(
  target: Window,
  onAnnounce: (announcement: { info: Eip6963Info; provider: Eip1193Provider }) => void,
  onInvalid: (detail: unknown) => void,
): () => void {
  const handler = (event: Event) => {
    const parsed = parseAnnouncement((event as CustomEvent).detail)
    if (parsed) onAnnounce(parsed)
    else onInvalid((event as CustomEvent).detail)
  }
  target.addEventListener('eip6963:announceProvider', handler)
  target.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => target.removeEventListener('eip6963:announceProvider', handler)
}
