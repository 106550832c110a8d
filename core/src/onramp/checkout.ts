/**
 * Which pages the provider window may be sent to. The checkout URL comes from the Blockchain API
 * (Coinbase's URL generator) or from the app's `meldUrl`; an API that is wrong or hostile could
 * name any page (`https://pay.coinbase.com.evil.example/buy`), and the user would type a card
 * number into it believing the SDK sent them to their provider. So the page's origin must be one
 * of a list, compared as an exact string: a suffix, prefix or "contains" check is what lookalike
 * hosts defeat.
 */

/**
 * The providers' own checkout origins (spec: Coinbase and Meld). Coinbase's hosted onramp is
 * served from pay.coinbase.com; Meld's widget from meldcrypto.com (MELD_URL).
 */
export const ONRAMP_CHECKOUT_ORIGINS: readonly string[] = [
  'https://pay.coinbase.com',
  'https://meldcrypto.com',
]

/**
 * The checkout page's URL when it may be opened: an http(s) URL without credentials (which show
 * one host and open another) whose origin is exactly one of `allowed`. Undefined otherwise.
 * Never throws.
 */
export function allowedCheckoutUrl(value: unknown, allowed: ReadonlySet<string>): URL | undefined {
  if (typeof value !== 'string' || value.length > 4_096) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  if (url.username !== '' || url.password !== '') return undefined
  return allowed.has(url.origin) ? url : undefined
}

/**
 * The origins a client's provider window may show: the built-in ones, the app's
 * `checkoutOrigins`, and the origin of the app's own `meldUrl` (the app chose that page).
 */
export function checkoutOrigins(options: {
  checkoutOrigins?: readonly string[]
  meldUrl?: string
}): ReadonlySet<string> {
  const origins = new Set([...ONRAMP_CHECKOUT_ORIGINS, ...(options.checkoutOrigins ?? [])])
  if (options.meldUrl) {
    try {
      origins.add(new URL(options.meldUrl).origin)
    } catch {
      // Checked when the client was made: a bad meldUrl never gets here.
    }
  }
  return origins
}
