import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assertSafeWalletLink, parseWalletLink } from './links.js'

describe('wallet links', () => {
  it.each([
    'https://link.wallet.example/wc',
    'http://127.0.0.1:8787/mobile-wallet',
    'metamask://',
    'rainbow:',
    'trust://wc',
    'my-wallet+beta.app://open',
  ])('follows %j', (link) => {
    expect(parseWalletLink(link)).toBeInstanceOf(URL)
  })

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://x/1',
    '//evil.example',
    'no-scheme',
    '1abc://x',
    'https://',
    '',
  ])('refuses %j', (link) => {
    expect(parseWalletLink(link)).toBeUndefined()
    expect(() => assertSafeWalletLink(link)).toThrow('unsafe or malformed')
  })

  it('never accepts a forbidden scheme, for any string', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(
            fc.string(),
            fc.webUrl(),
            fc.constantFrom('javascript:', 'data:', 'vbscript:', 'file:'),
          )
          .chain((prefix) => fc.tuple(fc.constant(prefix), fc.string())),
        ([prefix, rest]) => {
          const url = parseWalletLink(prefix + rest)
          if (url)
            expect(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']).not.toContain(
              url.protocol.toLowerCase(),
            )
        },
      ),
    )
  })
})
