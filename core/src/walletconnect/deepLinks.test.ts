// @vitest-environment happy-dom
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { buildWalletLinks, formatWalletLink, openWalletLink } from './deepLinks.js'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1705000000'
const encoded = encodeURIComponent(URI)

describe('wallet links', () => {
  it('builds universal, app-scheme and web links with the URI encoded', () => {
    expect(formatWalletLink('https://link.wallet.example', URI)).toBe(
      `https://link.wallet.example/wc?uri=${encoded}`,
    )
    expect(formatWalletLink('https://link.wallet.example/', URI)).toBe(
      `https://link.wallet.example/wc?uri=${encoded}`,
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

  it('never produces a link with a forbidden scheme', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (base, uri) => {
        const link = formatWalletLink(base, uri)
        if (link) expect(link).not.toMatch(/^(javascript|data|vbscript|file|blob|about):/i)
      }),
    )
  })
})
