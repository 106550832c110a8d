import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { transaction } from '../history/index.js'
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

describe('wallet listing items', () => {
  it('keeps a good item', () => {
    expect(walletListing(good)).toMatchObject({
      id: good.id,
      name: 'MetaMask',
      imageId: good.image_id,
      mobileLink: 'metamask://',
      webappLink: 'https://portfolio.metamask.io',
    })
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

  it('never throws and never lets an unsafe link through', () => {
    fc.assert(
      fc.property(
        fc.record({
          id: fc.oneof(fc.string(), fc.constant(good.id)),
          name: fc.oneof(fc.string(), fc.anything()),
          mobile_link: fc.oneof(
            fc.string(),
            fc.constantFrom('javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///x'),
          ),
          webapp_link: fc.anything(),
          chains: fc.anything(),
        }),
        (value) => {
          const item = walletListing(value)
          if (item?.mobileLink)
            expect(item.mobileLink).not.toMatch(/^\s*(javascript|data|vbscript|file):/i)
        },
      ),
    )
    fc.assert(fc.property(fc.anything(), (value) => void walletPage(40)(value)))
  })
})

describe('history items', () => {
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
