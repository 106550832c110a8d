// Which wallet links are followed: https, http on this machine (a devnet's wallet page), or an app
// scheme the wallet's listing declares through its native links. Links that open other apps
// (an editor, a game store, a video call) or another machine of the network are refused.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ListedWallet } from '../connectors/index.js'
import { buildWalletLinks } from '../walletconnect/deepLinks.js'
import { isBlockedScheme, toSafeWalletLink, walletSchemes } from './links.js'

const RUNS = { numRuns: 1_000 }

describe('a wallet link', () => {
  it.each([
    'vscode://vscode.git/clone?url=https://evil.example/repo',
    'vscode-insiders://file/etc/passwd',
    'steam://run/730//+connect evil.example',
    'steam://install/1',
    'zoommtg://zoom.us/join?confno=1',
    'http://intranet/',
    'http://intranet/wc?uri=wc:x',
    'http://192.168.1.20:8787/mobile-wallet',
    'http://10.0.0.1/',
    'http://wallet.local/wc',
    'http://router.home.arpa/',
  ])('is refused: %s', (link) => {
    expect(toSafeWalletLink(link)).toBeUndefined()
    // Even when a listing names its scheme.
    expect(toSafeWalletLink(link, [new URL(link).protocol.slice(0, -1)])).toBeUndefined()
  })

  it.each([
    ['https://link.trustwallet.com/wc', 'https://link.trustwallet.com/wc'],
    ['http://127.0.0.1:8787/mobile-wallet', 'http://127.0.0.1:8787/mobile-wallet'],
    ['http://localhost:5173/', 'http://localhost:5173/'],
    ['http://wallet.localhost/', 'http://wallet.localhost/'],
    ['http://[::1]:3000/', 'http://[::1]:3000/'],
  ])('on the web or this machine is followed: %s', (link, href) => {
    expect(toSafeWalletLink(link, [])).toBe(href)
  })

  it('with an app scheme is followed only when the wallet declares that scheme', () => {
    expect(toSafeWalletLink('trust://wc?uri=x', ['trust'])).toBe('trust://wc?uri=x')
    expect(toSafeWalletLink('trust://wc?uri=x', ['metamask'])).toBeUndefined()
    expect(toSafeWalletLink('trust://wc?uri=x', [])).toBeUndefined()
    expect(toSafeWalletLink('TRUST://wc', ['trust'])).toBe('trust://wc')
    expect(toSafeWalletLink('rainbow:', ['rainbow'])).toBe('rainbow://')
  })

  it('with any scheme is followed exactly when it is declared and not refused outright', () => {
    const scheme = fc.stringMatching(/^[a-z][a-z0-9+.-]{0,15}$/)
    fc.assert(
      fc.property(scheme, fc.array(scheme, { maxLength: 4 }), fc.webPath(), (s, declared, path) => {
        const link = `${s}://wallet${path}`
        const web = s === 'https' || s === 'http'
        const followed = toSafeWalletLink(link, declared) !== undefined
        if (!web) expect(followed).toBe(declared.includes(s) && !isBlockedScheme(s))
      }),
      RUNS,
    )
  })

  it('never follows an http link off this machine, whatever is declared', () => {
    fc.assert(
      fc.property(fc.domain(), fc.array(fc.string(), { maxLength: 3 }), (domain, declared) => {
        const local = /(^|\.)localhost$/.test(domain)
        expect(toSafeWalletLink(`http://${domain}/wc`, declared) !== undefined).toBe(local)
      }),
      RUNS,
    )
  })
})

describe('the schemes a wallet declares', () => {
  it('are those of its native mobile and desktop links, never refused ones', () => {
    expect(walletSchemes({ mobileLink: 'trust://', desktopLink: 'https://trust.example' })).toEqual(
      ['trust'],
    )
    expect(walletSchemes({ mobileLink: 'Ledger-Live:', desktopLink: 'ledgerlive://' })).toEqual([
      'ledger-live',
      'ledgerlive',
    ])
    expect(walletSchemes({ mobileLink: 'vscode://x', desktopLink: 'javascript:alert(1)' })).toEqual(
      [],
    )
    expect(walletSchemes({})).toEqual([])
  })
})

describe('the links the SDK builds to hand a wallet its pairing URI', () => {
  const uri = 'wc:abc@2?relay-protocol=irn&symKey=00'

  it('use only the schemes the wallet declares; the web link is a web page', () => {
    const links = buildWalletLinks(
      { id: 'w', name: 'W', mobileLink: 'trust://', webappLink: 'trust://' } as ListedWallet,
      uri,
    )
    expect(links.mobile).toMatch(/^trust:\/\/wc\?uri=wc%3Aabc/)
    expect(links.web).toBeUndefined()
  })

  it('are none for a wallet whose links open another application or machine', () => {
    expect(
      buildWalletLinks(
        {
          id: 'w',
          name: 'W',
          mobileLink: 'steam://',
          desktopLink: 'vscode://',
          webappLink: 'http://intranet/',
        } as ListedWallet,
        uri,
      ),
    ).toEqual({})
  })
})
