import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { transaction } from '../history/api.js'
import { cleanDisplayText, toSafeWalletLink } from '../security/index.js'
import { walletListing, walletPage } from './listing.js'

const good = {
  id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
  name: 'MetaMask',
  image_id: '018b2d52-10e6-4158-1fc3-a5d3f5d47f00',
  rdns: 'io.metamask',
  mobile_link: 'metamask://',
  desktop_link: null,
  webapp_link: 'https://portfolio.metamask.io',
  chains: ['eip155:1'],
}

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('wallet listing items', { timeout: 30_000 }, () => {
  it('keeps a good item', () => {
    expect(walletListing(good)).toMatchObject({
      id: good.id,
      name: 'MetaMask',
      imageId: good.image_id,
      mobileLink: 'metamask://',
      // Links are kept in their normalised form.
      webappLink: 'https://portfolio.metamask.io/',
    })
  })

  it('cleans a hostile name, drops hostile links and bounds the chains', () => {
    const item = walletListing({
      id: 'w1',
      name: 'Trust\u202E tellaW\u200B',
      chains: [
        'x'.repeat(1_000_000),
        'eip155:1',
        ...Array.from({ length: 100 }, (_, i) => `eip155:${i}`),
      ],
      mobile_link: 'ms-msdt:/id PCWDiagnostic',
      desktop_link: 'search-ms:query=x',
      webapp_link: 'intent://x#Intent;end',
      homepage: 'https://user:pass@evil.example/',
      image_id: '../../x',
      rdns: '-.-',
    })
    expect(item).toMatchObject({ id: 'w1', name: 'Trust tellaW' })
    expect(item?.mobileLink).toBeUndefined()
    expect(item?.desktopLink).toBeUndefined()
    expect(item?.webappLink).toBeUndefined()
    expect(item?.homepage).toBeUndefined()
    expect(item?.imageId).toBeUndefined()
    expect(item?.rdns).toBeUndefined()
    expect(item?.chains[0]).toBe('eip155:1')
    expect(item?.chains.length).toBeLessThanOrEqual(64)
  })

  it('drops a script link but keeps the wallet; keeps an HTML name as text', () => {
    const item = walletListing({
      ...good,
      name: '<img src=x onerror=alert(1)>',
      mobile_link: 'javascript:alert(1)',
    })
    expect(item?.mobileLink).toBeUndefined()
    expect(item?.name).toBe('<img src=x onerror=alert(1)>')
  })

  it('drops an item without an id or a name', () => {
    expect(walletListing({ ...good, id: undefined })).toBeUndefined()
    expect(walletListing({ ...good, id: '../../etc' })).toBeUndefined()
    expect(walletListing({ ...good, name: '   ' })).toBeUndefined()
  })

  it('keeps at most the requested entries of an oversized page', () => {
    const page = walletPage(40)({
      count: 1e6,
      data: Array.from({ length: 5000 }, (_, i) => ({ ...good, id: `w${i}` })),
    })
    expect(page?.data).toHaveLength(40)
    expect(page?.count).toBe(1e6)
  })

  it('for any item: nothing, or a clean name, safe links and CAIP-2 chains', () => {
    const hostile = fc.oneof(
      fc.anything(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom(
        'javascript:alert(1)',
        'data:text/html,x',
        'ms-msdt:/id x',
        'search-ms:query=x',
        'intent://x#Intent;end',
        'metamask://',
        'rainbow:',
        'https://wallet.example',
        'Trust\u202E tellaW',
      ),
    )
    fc.assert(
      fc.property(
        fc.record({
          id: fc.oneof(fc.string(), fc.constant(good.id), hostile),
          name: fc.oneof(fc.constant('MetaMask'), hostile),
          image_id: fc.oneof(fc.constant(good.image_id), hostile),
          rdns: fc.oneof(fc.domain(), hostile),
          mobile_link: hostile,
          desktop_link: hostile,
          webapp_link: fc.oneof(fc.webUrl(), hostile),
          homepage: fc.oneof(fc.webUrl(), hostile),
          chains: fc.oneof(fc.array(fc.oneof(fc.constant('eip155:1'), hostile)), hostile),
          badge_type: hostile,
        }),
        (value) => {
          const item = walletListing(value)
          if (!item) return
          expect(item.id).toMatch(/^[A-Za-z0-9_.:-]{1,128}$/)
          expect(cleanDisplayText(item.name)).toBe(item.name)
          for (const link of [item.mobileLink, item.desktopLink, item.webappLink, item.homepage]) {
            if (link !== undefined) expect(toSafeWalletLink(link)).toBe(link)
          }
          expect(item.chains.length).toBeLessThanOrEqual(64)
          for (const chain of item.chains)
            expect(chain).toMatch(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
          expect(['none', 'certified']).toContain(item.badgeType)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('for any page: nothing, or a count and at most the requested entries', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            count: fc.oneof(fc.nat(), fc.anything()),
            data: fc.oneof(
              fc.array(fc.oneof(fc.constant(good), fc.anything()), { maxLength: 60 }),
              fc.anything(),
            ),
          }),
        ),
        fc.integer({ min: 1, max: 100 }),
        (value, entries) => {
          const page = walletPage(entries)(value)
          if (!page) return
          expect(Number.isSafeInteger(page.count) && page.count >= 0).toBe(true)
          expect(page.data.length).toBeLessThanOrEqual(entries)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

describe('history items', { timeout: 30_000 }, () => {
  it('never throws on any input', () => {
    fc.assert(fc.property(fc.anything(), (value) => void transaction(value)))
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = transaction({
          id: 'x',
          metadata: {
            status: 'confirmed',
            hash: '0x1',
            minedAt: '2026-01-01T00:00:00Z',
            chain: 'eip155:1',
          },
          transfers: [value],
        })
        expect(parsed).toBeDefined()
      }),
    )
  })
})

describe('a listing item’s links', () => {
  const item = (links: Record<string, string>) =>
    walletListing({ id: 'w1', name: 'Wallet', chains: [], ...links })

  it('keep the app scheme its native links declare, and only that one', () => {
    expect(
      item({
        mobile_link: 'trust://',
        desktop_link: 'https://link.trustwallet.com',
        webapp_link: 'trust://wc',
        homepage: 'trust://home',
      }),
    ).toMatchObject({
      mobileLink: 'trust://',
      desktopLink: 'https://link.trustwallet.com/',
      webappLink: undefined,
      homepage: undefined,
    })
  })

  it('drop links that open another application or another machine', () => {
    expect(
      item({
        mobile_link: 'zoommtg://zoom.us/join?confno=1',
        desktop_link: 'vscode://vscode.git/clone?url=https://evil.example/r',
        webapp_link: 'http://intranet/',
        homepage: 'steam://run/730',
      }),
    ).toMatchObject({
      mobileLink: undefined,
      desktopLink: undefined,
      webappLink: undefined,
      homepage: undefined,
    })
  })
})
