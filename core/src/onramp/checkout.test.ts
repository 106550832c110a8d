import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allowedCheckoutUrl, checkoutOrigins, ONRAMP_CHECKOUT_ORIGINS } from './checkout.js'
import { isExactOrigin } from './feature.js'

const RUNS = { numRuns: 1_000 }
const allowed = checkoutOrigins({ checkoutOrigins: ['http://127.0.0.1:8787'] })

describe('the checkout origins', () => {
  it('are the providers’ own, the app’s, and its meldUrl’s', () => {
    expect(ONRAMP_CHECKOUT_ORIGINS).toEqual(['https://pay.coinbase.com', 'https://meldcrypto.com'])
    expect([
      ...checkoutOrigins({
        checkoutOrigins: ['https://pay.example'],
        meldUrl: 'http://127.0.0.1:9/onramp/meld?x=1',
      }),
    ]).toEqual([
      'https://pay.coinbase.com',
      'https://meldcrypto.com',
      'https://pay.example',
      'http://127.0.0.1:9',
    ])
  })
})

describe('allowedCheckoutUrl', () => {
  it('never throws, and what it accepts is on an allowed origin', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.constantFrom(undefined, null, 42, {}, ['https://pay.coinbase.com']),
        ),
        (value) => {
          const url = allowedCheckoutUrl(value, allowed)
          if (url) expect(allowed.has(url.origin)).toBe(true)
        },
      ),
      RUNS,
    )
  })

  it('accepts a web URL exactly when its origin is allowed and it has no credentials', () => {
    const origin = fc.constantFrom(...allowed, 'https://evil.example', 'http://pay.coinbase.com')
    const path = fc.webPath()
    const query = fc.option(fc.webQueryParameters(), { nil: undefined })
    fc.assert(
      fc.property(origin, path, query, (o, p, q) => {
        const href = `${o}${p}${q ? `?${q}` : ''}`
        const url = allowedCheckoutUrl(href, allowed)
        expect(url?.href).toBe(allowed.has(o) ? new URL(href).href : undefined)
      }),
      RUNS,
    )
  })

  it('refuses lookalikes: the allowed host inside another host, or with credentials', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/)
    fc.assert(
      fc.property(fc.constantFrom(...allowed), label, (o, l) => {
        const { protocol, host } = new URL(o)
        for (const href of [
          `${protocol}//${host}.${l}.example/`,
          `${protocol}//${l}.${host}.evil/`,
          `${protocol}//${l}@${host}/`,
          `${protocol}//${host}@${l}.example/`,
          `${protocol}//${l}${host}/`,
        ]) {
          expect(allowedCheckoutUrl(href, allowed)).toBeUndefined()
        }
      }),
      RUNS,
    )
  })
})

describe('the checkoutOrigins option’s check', () => {
  it('takes exactly what the browser writes as a page’s origin', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (href) => {
        const { origin } = new URL(href)
        // Every page's own origin is taken (a punycode or bracketed host included)…
        expect(isExactOrigin(origin)).toBe(/^https?:/.test(origin))
        // …and the URL itself only when it is that origin.
        expect(isExactOrigin(href)).toBe(href === origin)
        expect(isExactOrigin(`${origin}/`)).toBe(false)
      }),
      RUNS,
    )
  })

  it('never throws, and whatever it takes is its own origin', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl().map((u) => new URL(u).origin),
        ),
        (value) => {
          if (isExactOrigin(value)) expect(new URL(value).origin).toBe(value)
        },
      ),
      RUNS,
    )
  })
})
