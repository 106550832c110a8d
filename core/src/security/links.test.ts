import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isPorticoError } from '../errors/index.js'
import {
  assertSafeWalletLink,
  isBlockedScheme,
  isLocalHost,
  isSafeWalletLink,
  parseWalletLink,
  toSafeWalletLink,
} from './links.js'

/** The hostile links found in review: a deny-list let 16 of them through. */
const HOSTILE_LINKS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'javascript&colon;alert(1)',
  'jav&#x09;ascript:alert(1)',
  '\u0000javascript:alert(1)',
  'javascript\u0000:alert(1)',
  '\uFEFFjavascript:alert(1)',
  '\u00A0javascript:alert(1)',
  'ｊavascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://evil/1',
  'about:blank',
  'view-source:https://evil',
  'filesystem:https://evil/temporary/x',
  'jar:https://evil/x.jar!/',
  'intent://scan/#Intent;scheme=javascript;package=x;end',
  'ms-msdt:/id PCWDiagnostic /skip force',
  'search-ms:query=x&crumb=location:\\\\evil\\share',
  'ms-officecmd:{}',
  'ms-appinstaller:?source=https://evil/x.appx',
  'tel:+1900555',
  'sms:+1900555',
  'mailto:x@evil',
  'chrome://settings',
  'http:javascript:alert(1)',
  'https:\\\\evil.example',
  'https://user:pass@evil.example/',
  'https://evil.example\\@wallet.example/',
  'https://xn--mtamask-1wa.io/wc',
  'https://мetamask.io/wc',
  '//evil.example',
  'https:',
  'https://%00/',
  `https://${'a'.repeat(3000)}.example/`,
]

/** The same dangers in the `scheme://` shape an app link has. */
const HOSTILE_APP_SHAPED = [
  'ms-msdt://x',
  'MS-OFFICECMD://x',
  'ms-appinstaller://?source=https://evil/x.appx',
  'search-ms://query=x',
  'search://x',
  'intent://scan#Intent;end',
  'android-app://com.evil/https/evil',
  'itms-services://?action=download-manifest&url=https://evil/x.plist',
  'jar://evil/x.jar!/',
  'view-source://evil',
  'chrome-extension://abcdefghijklmnop/popup.html',
  'chrome-untrusted://x',
  'moz-extension://x',
  'file://evil/share',
  'smb://evil/share',
  'ftp://evil/x',
  'ws://evil.example',
  'wss://evil.example',
  'javascript://%0aalert(1)',
  'data://text/html,x',
  'about://blank',
  'mailto://x@evil',
  'tel://+1900555',
  'microsoft-edge://https://evil',
  'wallet://user:secret@host',
]

const BLOCKED = [
  'javascript',
  'vbscript',
  'data',
  'blob',
  'about',
  'file',
  'filesystem',
  'view-source',
  'jar',
  'intent',
  'android-app',
  'itms-services',
  'search',
  'search-ms',
  'ms-msdt',
  'ms-officecmd',
  'ms-appinstaller',
  'ms-settings',
  'chrome',
  'chrome-extension',
  'moz-extension',
  'smb',
  'ftp',
  'mailto',
  'tel',
  'sms',
  'ws',
  'wss',
]

const appScheme = fc
  .tuple(
    fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
    fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789+-.'),
      maxLength: 20,
    }),
  )
  .map(([first, rest]) => first + rest)
const pathChars = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/'),
  maxLength: 40,
})
const anyCase = (text: string, flips: boolean[]) =>
  Array.from(text, (c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join('')

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('wallet links: an allow-list', { timeout: 30_000 }, () => {
  it.each([
    ['https://link.wallet.example/wc', 'https://link.wallet.example/wc'],
    ['https://portfolio.metamask.io', 'https://portfolio.metamask.io/'],
    ['http://127.0.0.1:8787/mobile-wallet', 'http://127.0.0.1:8787/mobile-wallet'],
    ['http://localhost:5173/', 'http://localhost:5173/'],
    ['metamask://', 'metamask://'],
    ['rainbow:', 'rainbow://'],
    ['trust://wc', 'trust://wc'],
    ['my-wallet+beta.app://open', 'my-wallet+beta.app://open'],
    ['edge://wc', 'edge://wc'],
  ])('follows %j as %j', (link, href) => {
    expect(toSafeWalletLink(link)).toBe(href)
    expect(parseWalletLink(link)?.href).toBe(href)
  })

  it('refuses every hostile link found in review (36 of 36)', () => {
    expect(HOSTILE_LINKS).toHaveLength(36)
    expect(HOSTILE_LINKS.filter((link) => parseWalletLink(link) !== undefined)).toEqual([])
  })

  it.each(HOSTILE_APP_SHAPED)('refuses %j, though shaped like an app link', (link) => {
    expect(parseWalletLink(link)).toBeUndefined()
    expect(() => assertSafeWalletLink(link)).toThrow('unsafe or malformed')
  })

  it.each([
    'http://evil.example/wc',
    'http://8.8.8.8/wc',
    'rainbow:wc',
    'metamask:/wc',
    'no-scheme',
    '1abc://x',
    'https://',
    '',
    ' https://wallet.example',
  ])('refuses %j', (link) => {
    expect(toSafeWalletLink(link)).toBeUndefined()
  })

  it('gives a normalised link of an allowed shape, or nothing, for any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.webUrl({ withFragments: true, withQueryParameters: true }),
          fc
            .tuple(fc.constantFrom(...HOSTILE_LINKS, ...HOSTILE_APP_SHAPED), fc.string())
            .map(([a, b]) => a + b),
          fc.tuple(appScheme, fc.constantFrom(':', '://', ':/'), pathChars).map((p) => p.join('')),
        ),
        (value) => {
          const href = toSafeWalletLink(value)
          if (href === undefined) return
          expect(href.length).toBeLessThanOrEqual(2_048)
          expect(href).toMatch(/^[\x21-\x7e]+$/)
          expect(href).not.toContain('\\')
          const url = new URL(href)
          const scheme = url.protocol.slice(0, -1)
          expect(isBlockedScheme(scheme)).toBe(false)
          expect(href.startsWith(`${scheme}://`)).toBe(true)
          expect(url.username + url.password).toBe('')
          if (scheme === 'https' || scheme === 'http') expect(url.hostname).not.toBe('')
          expect(toSafeWalletLink(href)).toBe(href)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('refuses a blocked scheme in any letter case, in either shape, whatever follows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BLOCKED),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(':', '://', ':/'),
        fc.oneof(pathChars, fc.string()),
        (scheme, flips, separator, rest) => {
          expect(toSafeWalletLink(`${anyCase(scheme, flips)}${separator}${rest}`)).toBeUndefined()
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('follows any other app scheme with `//`, and none with an opaque payload', () => {
    fc.assert(
      fc.property(appScheme, pathChars, (scheme, path) => {
        fc.pre(!isBlockedScheme(scheme) && scheme !== 'http' && scheme !== 'https')
        expect(toSafeWalletLink(`${scheme}://${path}`)).toBeDefined()
        expect(toSafeWalletLink(`${scheme}:`)).toBe(`${scheme}://`)
        if (path !== '' && !path.startsWith('//')) {
          expect(toSafeWalletLink(`${scheme}:${path}`)).toBeUndefined()
        }
      }),
      { numRuns: 1_000 },
    )
  })

  it('follows https to any ASCII host, http only to this machine or a private network', () => {
    fc.assert(
      fc.property(fc.domain(), pathChars, (domain, path) => {
        fc.pre(!domain.split('.').some((label) => label.startsWith('xn--')))
        expect(toSafeWalletLink(`https://${domain}/${path}`)).toBeDefined()
        const local = /\.(localhost|local|test|internal|home\.arpa)$/.test(domain)
        expect(toSafeWalletLink(`http://${domain}/${path}`) !== undefined).toBe(local)
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('this machine or a private network (where an http link may go)', () => {
  it.each([
    ['[::1]', true],
    ['[fc00::1]', true],
    ['[fd12:3456::1]', true],
    ['[fe80::1]', true],
    ['[febf::1]', true],
    ['[fec0::1]', false],
    ['[::2]', false],
    ['[2001:db8::1]', false],
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['10.1.2.3', true],
    ['11.1.2.3', false],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.15.0.1', false],
    ['172.32.0.1', false],
    ['173.16.0.1', false],
    ['192.168.1.1', true],
    ['192.169.1.1', false],
    ['193.168.1.1', false],
    ['169.254.1.1', true],
    ['169.253.1.1', false],
    ['170.254.1.1', false],
    ['8.8.8.8', false],
    // Not four whole numbers: not an address, and not a local name either.
    ['10.1.2', false],
    ['10.0.0.x', false],
    ['10.1.2.3.4', false],
    ['wallet', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['', false],
    ['wallet.localhost', true],
    ['printer.local', true],
    ['wallet.test', true],
    ['wallet.internal', true],
    ['router.home.arpa', true],
    ['WALLET.TEST', true],
    ['localhost.example', false],
    ['wallet.test.example', false],
    ['home.arpa.example', false],
    ['wallet.example', false],
    // A private IPv6 prefix counts at the address's start only.
    ['[2001:db8::fc00:1]', false],
    ['[2001:db8::fe80:1]', false],
  ])('%j: %s', (host, local) => {
    expect(isLocalHost(host)).toBe(local)
  })

  it('follows http to this machine only, not to another of the network', () => {
    expect(toSafeWalletLink('http://192.168.1.20:8080/wc')).toBeUndefined()
    expect(toSafeWalletLink('http://wallet.local/wc')).toBeUndefined()
    expect(toSafeWalletLink('http://[::1]:3000/')).toBe('http://[::1]:3000/')
    expect(toSafeWalletLink('http://172.32.0.1/')).toBeUndefined()
  })
})

describe('wallet links: limits and the refusal error', () => {
  it('takes a link of 2 048 characters and refuses one of 2 049', () => {
    const base = 'https://wallet.example/'
    const at = (length: number) => base + 'a'.repeat(length - base.length)
    expect(toSafeWalletLink(at(2_048))).toBe(at(2_048))
    expect(toSafeWalletLink(at(2_049))).toBeUndefined()
  })

  it('refuses a user name or a password alone in the address', () => {
    expect(toSafeWalletLink('https://wallet.example@evil.example/')).toBeUndefined()
    expect(toSafeWalletLink('https://:secret@wallet.example/')).toBeUndefined()
    expect(toSafeWalletLink('myapp://user@wc')).toBeUndefined()
  })

  it('says whether a link is safe', () => {
    expect(isSafeWalletLink('https://wallet.example/wc')).toBe(true)
    expect(isSafeWalletLink('javascript:alert(1)')).toBe(false)
    expect(isSafeWalletLink(42)).toBe(false)
  })

  it('names the refused link (its first 100 characters) or its type in the error', () => {
    const long = `javascript:${'a'.repeat(200)}`
    try {
      assertSafeWalletLink(long)
      expect.unreachable()
    } catch (error) {
      expect(isPorticoError(error, 'INVALID_INPUT')).toBe(true)
      expect((error as Error).message).toBe(
        'Refused to open a link with an unsafe or malformed URL',
      )
      expect((error as { details?: unknown }).details).toEqual({ link: long.slice(0, 100) })
    }
    try {
      assertSafeWalletLink(42)
      expect.unreachable()
    } catch (error) {
      expect((error as { details?: unknown }).details).toEqual({ link: 'number' })
    }
  })
})
