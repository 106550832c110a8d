// @vitest-environment happy-dom
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { cleanDisplayText, toSafeWalletLink } from '../security/index.js'
import { deepLinkChoice } from './deepLinkChoice.js'
import { buildWalletLinks, formatWalletLink, openWalletLink } from './deepLinks.js'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1705000000'
const encoded = encodeURIComponent(URI)

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('wallet links', { timeout: 30_000 }, () => {
  it('builds universal, app-scheme and web links with the URI encoded', () => {
    expect(formatWalletLink('https://link.wallet.example', URI)).toBe(
      `https://link.wallet.example/wc?uri=${encoded}`,
    )
    expect(formatWalletLink('https://link.wallet.example/', URI)).toBe(
      `https://link.wallet.example/wc?uri=${encoded}`,
    )
    expect(formatWalletLink('https://wallet.example/app', URI)).toBe(
      `https://wallet.example/app/wc?uri=${encoded}`,
    )
    expect(formatWalletLink('metamask://', URI)).toBe(`metamask://wc?uri=${encoded}`)
    expect(formatWalletLink('rainbow:', URI)).toBe(`rainbow://wc?uri=${encoded}`)
  })

  it('leaves out unsafe links', () => {
    const links = buildWalletLinks(
      {
        id: 'x',
        name: 'X',
        mobileLink: 'javascript:alert(1)',
        desktopLink: 'data:text/html,x',
        webappLink: 'https://web.example',
      },
      URI,
    )
    expect(links).toEqual({ web: `https://web.example/wc?uri=${encoded}` })
  })

  it('opens app links in place and web links in a new tab, and refuses script links', () => {
    const target = { open: vi.fn(), location: { href: '' } } as unknown as Window
    openWalletLink(`metamask://wc?uri=${encoded}`, 'mobile', target)
    expect(target.location.href).toBe(`metamask://wc?uri=${encoded}`)
    openWalletLink(`https://web.example/wc?uri=${encoded}`, 'web', target)
    expect(target.open).toHaveBeenCalledWith(
      `https://web.example/wc?uri=${encoded}`,
      '_blank',
      'noreferrer,noopener',
    )
    expect(() => openWalletLink('javascript:alert(1)', 'mobile', target)).toThrow(
      'unsafe or malformed',
    )
    expect(target.location.href).toBe(`metamask://wc?uri=${encoded}`)
  })

  it('a desktop link opens the app in place, or a new tab when it is a web page (http or https)', () => {
    const target = { open: vi.fn(), location: { href: '' } } as unknown as Window
    openWalletLink(`ledgerlive://wc?uri=${encoded}`, 'desktop', target)
    expect(target.location.href).toBe(`ledgerlive://wc?uri=${encoded}`)
    expect(target.open).not.toHaveBeenCalled()
    for (const page of [`https://desk.example/wc?uri=${encoded}`, `http://localhost:3000/wc`]) {
      openWalletLink(page, 'desktop', target)
      expect(target.open).toHaveBeenLastCalledWith(page, '_blank', 'noreferrer,noopener')
    }
    expect(target.open).toHaveBeenCalledTimes(2)
    expect(target.location.href).toBe(`ledgerlive://wc?uri=${encoded}`)
    // A mobile link is never a new tab, even as a web page.
    openWalletLink(`https://m.example/wc?uri=${encoded}`, 'mobile', target)
    expect(target.location.href).toBe(`https://m.example/wc?uri=${encoded}`)
    expect(target.open).toHaveBeenCalledTimes(2)
  })

  it('refuses bases that are not safe links or carry a query or fragment of their own', () => {
    for (const base of [
      'https://evil.example/collect?x=',
      'https://wallet.example/#frag',
      'https://wallet.example/?',
      'intent://open#Intent;scheme=x;end',
      'ms-msdt:',
      'search-ms:',
    ]) {
      expect(formatWalletLink(base, URI)).toBeUndefined()
    }
  })

  it('keeps the characters a URL parser would re-encode: the link checked is the link built', () => {
    expect(formatWalletLink('https://a.aa', "a'b(c)!*")).toBe(
      'https://a.aa/wc?uri=a%27b%28c%29%21%2A',
    )
    expect(formatWalletLink('rainbow:', "'")).toBe('rainbow://wc?uri=%27')
  })

  it('for any base and URI: nothing, or a safe link ending in the encoded URI', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.constantFrom('metamask://', 'rainbow:', 'trust://wc', 'ms-msdt:', 'intent://x'),
        ),
        fc.oneof(fc.string(), fc.constant(URI)),
        (base, uri) => {
          const link = formatWalletLink(base, uri)
          if (!link) return
          expect(toSafeWalletLink(link)).toBe(link)
          // The wallet reads back exactly the URI it was given.
          const at = link.lastIndexOf('wc?uri=')
          expect(at).toBeGreaterThan(0)
          expect(decodeURIComponent(link.slice(at + 'wc?uri='.length))).toBe(uri)
          expect(link.startsWith(toSafeWalletLink(base) ?? '-')).toBe(true)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

describe('the stored deep-link choice', { timeout: 30_000 }, () => {
  it('is read back only with a clean name and a safe link', () => {
    expect(deepLinkChoice({ name: 'MetaMask', href: `metamask://wc?uri=${encoded}` })).toEqual({
      name: 'MetaMask',
      href: `metamask://wc?uri=${encoded}`,
    })
    expect(deepLinkChoice({ name: 'x', href: 'javascript:alert(1)' })).toBeUndefined()
    expect(deepLinkChoice({ name: 'x', href: 'ms-msdt:/id x' })).toBeUndefined()
    expect(deepLinkChoice({ name: '\u202E', href: 'metamask://' })).toBeUndefined()
    expect(deepLinkChoice({ name: 'Meta\u202EMask', href: 'metamask://' })?.name).toBe('MetaMask')
  })

  it('for any stored value: nothing, or a clean name and a safe link', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            name: fc.oneof(fc.string(), fc.anything()),
            href: fc.oneof(fc.string(), fc.webUrl(), fc.constant('javascript:alert(1)')),
          }),
        ),
        (value) => {
          const choice = deepLinkChoice(value)
          if (!choice) return
          expect(cleanDisplayText(choice.name)).toBe(choice.name)
          expect(toSafeWalletLink(choice.href)).toBe(choice.href)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})
