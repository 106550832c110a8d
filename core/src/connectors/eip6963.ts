import { cleanDisplayText, isRecord, reverseDomain, TEXT_LIMITS } from '../kit.js'
import { toSafeImageUrl } from '../lazyKit.js'
import type { Eip1193Provider, Eip6963Info } from './types.js'

/**
 * EIP-6963 asks for a UUIDv4; a sloppy but harmless id (another format) is kept, anything long or
 * with spaces, controls or non-ASCII is not an id.
 */
const UUID = /^[\x21-\x7e]{1,128}$/

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  )
}

/**
 * Validates an `eip6963:announceProvider` detail. Wallet metadata is untrusted input: the name is
 * cleaned text (no bidi, control or invisible characters, 64 at most), the icon must be an image
 * URL, the rdns a reverse domain name, the uuid a short printable id.
 */
export function parseAnnouncement(
  detail: unknown,
): { info: Eip6963Info; provider: Eip1193Provider } | undefined {
  // Any script on the page can announce: a getter that throws (or a Proxy) refuses the
  // announcement instead of breaking discovery.
  try {
    return readAnnouncement(detail)
  } catch {
    return undefined
  }
}

function readAnnouncement(
  detail: unknown,
): { info: Eip6963Info; provider: Eip1193Provider } | undefined {
  if (!isRecord(detail) || !isRecord(detail.info) || !isEip1193Provider(detail.provider)) {
    return undefined
  }
  const { uuid, name, icon, rdns } = detail.info
  if (typeof uuid !== 'string' || !UUID.test(uuid)) return undefined
  const validRdns = reverseDomain(rdns)
  const cleanName = cleanDisplayText(name, TEXT_LIMITS.name)
  if (!validRdns || !cleanName) return undefined
  return {
    info: { uuid, name: cleanName, icon: toSafeImageUrl(icon) ?? '', rdns: validRdns },
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
