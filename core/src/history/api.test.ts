import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { transaction, transactionPage } from './api.js'

const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u
const SAFE_IMAGE = /^(https?:|blob:|data:image\/)/i

const good = {
  id: 'tx-1',
  metadata: {
    operationType: 'send',
    hash: '0xabc',
    minedAt: '2026-01-01T00:00:00Z',
    sentFrom: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    status: 'confirmed',
    chain: 'eip155:1',
  },
  transfers: [
    {
      direction: 'out',
      quantity: { numeric: '1.5' },
      fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'https://img.example/eth.png' } },
    },
  ],
}

const hostile = fc.oneof(
  fc.anything(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    'javascript:alert(1)',
    '<img src=x onerror=alert(1)>',
    'ETH\u202E',
    '9'.repeat(400),
    'x'.repeat(2_000),
    '',
    'null',
  ),
)

describe('history pages', { timeout: 30_000 }, () => {
  it('keeps a good page', () => {
    expect(transactionPage({ data: [good], next: 'cursor-2' })).toEqual({
      data: [{ ...good, metadata: { ...good.metadata, nonce: undefined } }],
      next: 'cursor-2',
    })
  })

  it('cleans token names and symbols, bounds numbers and drops what cannot be shown', () => {
    const tx = transaction({
      ...good,
      transfers: [
        {
          direction: 'in',
          quantity: { numeric: '2' },
          fungible_info: {
            name: 'Ether\u202E',
            symbol: 'ETH\u200B',
            icon: { url: 'javascript:x' },
          },
        },
        { direction: 'in', quantity: { numeric: '9'.repeat(1_000_000) } },
      ],
    })
    expect(tx?.transfers).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '2' },
        fungible_info: { name: 'Ether', symbol: 'ETH' },
      },
    ])
    expect(transaction({ ...good, metadata: { ...good.metadata, hash: 'x'.repeat(1_000) } })).toBe(
      undefined,
    )
    expect(transaction({ ...good, metadata: { ...good.metadata, chain: '<x>:1' } })).toBeUndefined()
  })

  it('for any page: nothing, or clean transactions with bounded fields and a printable cursor', () => {
    const transfer = fc.record(
      {
        direction: fc.oneof(fc.constantFrom('in', 'out', 'self'), hostile),
        quantity: fc.oneof(fc.record({ numeric: fc.oneof(fc.constant('1.5'), hostile) }), hostile),
        fungible_info: fc.oneof(
          fc.record({
            name: hostile,
            symbol: fc.oneof(fc.constant('ETH'), hostile),
            icon: fc.record({ url: hostile }),
          }),
          hostile,
        ),
        nft_info: fc.oneof(
          fc.record({
            name: hostile,
            flags: fc.record({ is_spam: fc.oneof(fc.boolean(), hostile) }),
            content: fc.record({ preview: fc.record({ url: hostile }) }),
          }),
          hostile,
        ),
      },
      { requiredKeys: ['direction', 'quantity'] },
    )
    const tx = fc.record({
      id: fc.oneof(fc.constant('tx'), hostile),
      metadata: fc.oneof(
        fc.record({
          status: fc.oneof(fc.constantFrom('confirmed', 'failed', 'pending'), hostile),
          hash: fc.oneof(fc.constant('0xabc'), hostile),
          minedAt: fc.oneof(fc.constant('2026-01-01T00:00:00Z'), hostile),
          chain: fc.oneof(fc.constant('eip155:1'), hostile),
          sentFrom: hostile,
          sentTo: hostile,
          operationType: hostile,
          nonce: hostile,
        }),
        hostile,
      ),
      transfers: fc.oneof(fc.array(transfer, { maxLength: 3 }), hostile),
    })
    fc.assert(
      fc.property(
        fc.oneof(
          hostile,
          fc.record({
            data: fc.oneof(fc.array(fc.oneof(tx, hostile), { maxLength: 4 }), hostile),
            next: hostile,
          }),
        ),
        (value) => {
          const page = transactionPage(value)
          if (!page) return
          if (page.next !== null) expect(page.next).toMatch(/^[\x21-\x7e]{1,1024}$/)
          for (const t of page.data) {
            expect(t.id).toMatch(/^[\x21-\x7e]{1,256}$/)
            expect(t.metadata.hash).toMatch(/^[\x21-\x7e]{1,256}$/)
            expect(Number.isNaN(Date.parse(t.metadata.minedAt))).toBe(false)
            expect(t.metadata.chain).toMatch(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
            for (const address of [t.metadata.sentFrom, t.metadata.sentTo]) {
              expect(address).toMatch(/^[\x21-\x7e]{0,256}$/)
            }
            for (const transfer of t.transfers) {
              expect(transfer.quantity.numeric).toMatch(/^\d{1,78}(\.\d{1,255})?$/)
              const f = transfer.fungible_info
              if (f) {
                expect(f.symbol.length).toBeGreaterThan(0)
                expect(HIDDEN.test(f.name + f.symbol)).toBe(false)
                if (f.icon) expect(f.icon.url).toMatch(SAFE_IMAGE)
              }
              const n = transfer.nft_info
              if (n) {
                expect(HIDDEN.test(n.name)).toBe(false)
                expect(typeof n.flags.is_spam).toBe('boolean')
                if (n.content?.preview) expect(n.content.preview.url).toMatch(SAFE_IMAGE)
              }
            }
          }
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

describe('a transfer’s token and NFT', () => {
  const withTransfer = (transfer: object) => transaction({ ...good, transfers: [transfer] })
  const base = { direction: 'in', quantity: { numeric: '3' } }

  it('drops a token transfer with no symbol to show, even when the token has a name', () => {
    expect(withTransfer({ ...base, fungible_info: { name: 'Ether' } })?.transfers).toEqual([])
    expect(
      withTransfer({ ...base, fungible_info: { name: 'Ether', symbol: '\u200B' } })?.transfers,
    ).toEqual([])
  })

  it('drops a token transfer whose name is there but not text', () => {
    expect(
      withTransfer({ ...base, fungible_info: { name: 42, symbol: 'ETH' } })?.transfers,
    ).toEqual([])
    expect(
      withTransfer({ ...base, fungible_info: { name: { en: 'Ether' }, symbol: 'ETH' } })?.transfers,
    ).toEqual([])
  })

  it('names a token with no name by its symbol', () => {
    expect(withTransfer({ ...base, fungible_info: { symbol: 'USDC' } })?.transfers).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '3' },
        fungible_info: { name: 'USDC', symbol: 'USDC' },
      },
    ])
  })

  it('keeps an NFT transfer with its spam flag, the one the list hides spam by', () => {
    const nft = (flags: unknown) =>
      withTransfer({
        ...base,
        nft_info: {
          name: 'Punk #1',
          flags,
          content: { preview: { url: 'https://img.example/punk.png' } },
        },
      })?.transfers
    expect(nft({ is_spam: true })).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '3' },
        nft_info: {
          name: 'Punk #1',
          content: { preview: { url: 'https://img.example/punk.png' } },
          flags: { is_spam: true },
        },
      },
    ])
    expect(nft({ is_spam: false })?.[0]?.nft_info?.flags).toEqual({ is_spam: false })
    // No preview, or no content at all: kept, without a picture; no name: an empty one.
    for (const content of [null, 'x', {}, { preview: null }]) {
      const [kept] =
        withTransfer({ ...base, nft_info: { flags: { is_spam: false }, content } })?.transfers ?? []
      expect(kept?.nft_info).toStrictEqual({ name: '', flags: { is_spam: false } })
    }
    // Without a spam flag, whether to hide it cannot be told: the transfer is dropped.
    expect(nft({})).toEqual([])
    expect(nft({ is_spam: 'no' })).toEqual([])
    expect(nft(undefined)).toEqual([])
  })
})

describe('a transaction’s fields', () => {
  const meta = (metadata: object) =>
    transaction({ ...good, metadata: { ...good.metadata, ...metadata } })

  it('needs a known status', () => {
    for (const status of ['confirmed', 'failed', 'pending']) {
      expect(meta({ status })?.metadata.status).toBe(status)
    }
    for (const status of ['mined', 'CONFIRMED', '', undefined])
      expect(meta({ status })).toBeUndefined()
  })

  it('needs a mining time that reads as a date, of at most 64 characters', () => {
    expect(meta({ minedAt: 'yesterday' })).toBeUndefined()
    expect(meta({ minedAt: undefined })).toBeUndefined()
    const padded = `2026-01-01T00:00:00.${'0'.repeat(43)}Z`
    expect(padded.length).toBe(64)
    expect(meta({ minedAt: padded })?.metadata.minedAt).toBe(padded)
    expect(meta({ minedAt: `2026-01-01T00:00:00.${'0'.repeat(44)}Z` })).toBeUndefined()
  })

  it('needs an id', () => {
    expect(transaction({ ...good, id: undefined })).toBeUndefined()
    expect(transaction({ ...good, id: 'tx 1' })).toBeUndefined()
  })

  it('reads an unknown operation as execute, and missing parties as empty', () => {
    expect(meta({ operationType: undefined, sentFrom: undefined, sentTo: 42 })?.metadata).toEqual({
      operationType: 'execute',
      hash: '0xabc',
      minedAt: '2026-01-01T00:00:00Z',
      sentFrom: '',
      sentTo: '',
      status: 'confirmed',
      nonce: undefined,
      chain: 'eip155:1',
    })
    expect(meta({ operationType: 'x'.repeat(65) })?.metadata.operationType).toBe('execute')
    expect(meta({ nonce: 7 })?.metadata.nonce).toBe(7)
  })

  it('keeps a transaction with no transfers list, with none', () => {
    expect(transaction({ ...good, transfers: undefined })?.transfers).toEqual([])
    expect(transaction({ ...good, transfers: 'many' })?.transfers).toEqual([])
  })

  it('reads at most 100 transfers of a transaction and 1 000 transactions of a page', () => {
    const transfer = { direction: 'in', quantity: { numeric: '1' } }
    const many = transaction({ ...good, transfers: Array.from({ length: 150 }, () => transfer) })
    expect(many?.transfers).toHaveLength(100)
    const page = transactionPage({
      data: Array.from({ length: 1_200 }, (_, i) => ({ ...good, id: `tx-${i}` })),
      next: null,
    })
    expect(page?.data).toHaveLength(1_000)
    expect(page?.data.at(-1)?.id).toBe('tx-999')
  })

  it('takes a next-page cursor of printable text up to 1 024 characters, else none', () => {
    const next = (cursor: unknown) => transactionPage({ data: [], next: cursor })?.next
    expect(next('c'.repeat(1_024))).toBe('c'.repeat(1_024))
    expect(next('c'.repeat(1_025))).toBeNull()
    expect(next('page 2')).toBeNull()
    expect(next(2)).toBeNull()
    expect(transactionPage({ data: 'none', next: 'c' })).toBeUndefined()
  })

  it('keeps a transfer’s value and price when they are finite numbers', () => {
    const [transfer] =
      transaction({
        ...good,
        transfers: [{ direction: 'self', quantity: { numeric: '1' }, value: 3.5, price: 'high' }],
      })?.transfers ?? []
    expect(transfer).toStrictEqual({ direction: 'self', quantity: { numeric: '1' }, value: 3.5 })
    const [priced] =
      transaction({
        ...good,
        transfers: [{ direction: 'in', quantity: { numeric: '1' }, price: 2 }],
      })?.transfers ?? []
    expect(priced).toStrictEqual({ direction: 'in', quantity: { numeric: '1' }, price: 2 })
  })

  it('keeps a transfer only with a direction of in, out or self', () => {
    const directions = (...values: unknown[]) =>
      transaction({
        ...good,
        transfers: values.map((direction) => ({ direction, quantity: { numeric: '1' } })),
      })?.transfers.map((t) => t.direction)
    expect(directions('in', 'out', 'self', 'up', 'IN', '', undefined)).toEqual([
      'in',
      'out',
      'self',
    ])
  })
})
