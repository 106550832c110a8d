import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Transaction, transaction } from './api.js'
import { formatTransferAmount, groupByDay } from './display.js'
import { isSpamOnly, visibleTransactions } from './visible.js'

const RUNS = { numRuns: 1_000 }

function tx(
  id: string,
  overrides: Partial<Transaction['metadata']> = {},
  transfers: Transaction['transfers'] = [],
): Transaction {
  return {
    id,
    metadata: {
      operationType: 'send',
      hash: `0x${id}`,
      minedAt: '2026-11-20T10:00:00Z',
      sentFrom: '0xa',
      sentTo: '0xb',
      status: 'confirmed',
      chain: 'eip155:31337',
      ...overrides,
    },
    transfers,
  }
}

const spam = {
  direction: 'in' as const,
  quantity: { numeric: '1' },
  nft_info: { name: 'Airdrop', flags: { is_spam: true } },
}
const usdc = {
  direction: 'out' as const,
  quantity: { numeric: '1.23456' },
  fungible_info: { name: 'USDC', symbol: 'USDC' },
}

describe('history display rules', () => {
  it('hides spam-only transactions and other chains', () => {
    const shown = visibleTransactions(
      [
        tx('a', {}, [usdc]),
        tx('b', {}, [spam]),
        tx('c', {}, [spam, usdc]),
        tx('d', { chain: 'eip155:1' }, [usdc]),
      ],
      'eip155:31337',
    )
    expect(shown.map((t) => t.id)).toEqual(['a', 'c'])
  })

  it('keeps at most 99 pending transactions', () => {
    const many = Array.from({ length: 120 }, (_, i) => tx(`p${i}`, { status: 'pending' }, [usdc]))
    const shown = visibleTransactions([...many, tx('done', {}, [usdc])], 'eip155:31337')
    expect(shown.filter((t) => t.metadata.status === 'pending')).toHaveLength(99)
    expect(shown.at(-1)?.id).toBe('done')
  })

  it('shows transfers with 3 decimals', () => {
    expect(formatTransferAmount('1.23456')).toBe('1.234')
    expect(formatTransferAmount('250')).toBe('250')
  })

  it('groups by day, keeping order', () => {
    const days = groupByDay([
      tx('1', { minedAt: '2026-11-20T12:00:00Z' }),
      tx('2', { minedAt: '2026-11-20T11:00:00Z' }),
      tx('3', { minedAt: '2026-11-18T12:00:00Z' }),
    ])
    expect(days.map((d) => [d.day, d.transactions.map((t) => t.id)])).toEqual([
      ['2026-11-20', ['1', '2']],
      ['2026-11-18', ['3']],
    ])
    // Month and day always have two digits.
    expect(groupByDay([tx('4', { minedAt: '2026-03-05T12:00:00Z' })])[0]?.day).toBe('2026-03-05')
  })
})

type Transfer = Transaction['transfers'][number]
const direction = fc.constantFrom('in' as const, 'out' as const, 'self' as const)
const numeric = fc.constantFrom('0', '1', '0.5', '1000000')
const spamNft = fc.record({
  direction,
  quantity: fc.record({ numeric }),
  nft_info: fc.record({ name: fc.string(), flags: fc.constant({ is_spam: true }) }),
})
/** Transfers the user may care about: tokens, NFTs not flagged, and the two mixed. */
const notSpam: fc.Arbitrary<Transfer> = fc.oneof(
  fc.record({ direction, quantity: fc.record({ numeric }) }),
  fc.record({
    direction,
    quantity: fc.record({ numeric }),
    fungible_info: fc.record({ name: fc.string(), symbol: fc.string() }),
  }),
  fc.record({
    direction,
    quantity: fc.record({ numeric }),
    nft_info: fc.record({ name: fc.string(), flags: fc.constant({ is_spam: false }) }),
  }),
  fc.record({
    direction,
    quantity: fc.record({ numeric }),
    fungible_info: fc.record({ name: fc.string(), symbol: fc.string() }),
    nft_info: fc.record({ name: fc.string(), flags: fc.constant({ is_spam: false }) }),
  }),
)

describe('isSpamOnly', { timeout: 30_000 }, () => {
  it('is true only when there are transfers and every one is a spam NFT', () => {
    expect(isSpamOnly(tx('a', {}, [spam]))).toBe(true)
    expect(isSpamOnly(tx('a', {}, [spam, spam, spam]))).toBe(true)
    // A transaction with no transfers (a contract call) is not spam: nothing says so.
    expect(isSpamOnly(tx('a', {}, []))).toBe(false)
    expect(isSpamOnly(tx('a', {}, [usdc]))).toBe(false)
    expect(isSpamOnly(tx('a', {}, [spam, usdc]))).toBe(false)
    expect(isSpamOnly(tx('a', {}, [usdc, spam]))).toBe(false)
    const flagged = (is_spam: unknown) =>
      tx('a', {}, [{ ...spam, nft_info: { name: 'x', flags: { is_spam } } } as never])
    expect(isSpamOnly(flagged(false))).toBe(false)
    // Only a real `true` flag hides: a truthy look-alike does not.
    for (const truthy of ['true', 1, {}, [true]]) expect(isSpamOnly(flagged(truthy))).toBe(false)
  })

  it('any non-empty list of spam NFTs is spam only (property)', () => {
    fc.assert(
      fc.property(fc.array(spamNft, { minLength: 1, maxLength: 20 }), (transfers) => {
        expect(isSpamOnly(tx('a', {}, transfers))).toBe(true)
      }),
      RUNS,
    )
  })

  it('one transfer that is not a spam NFT, anywhere among them, shows the transaction (property)', () => {
    fc.assert(
      fc.property(fc.array(spamNft, { maxLength: 20 }), notSpam, fc.nat(), (spams, kept, at) => {
        const transfers: Transfer[] = [...spams]
        transfers.splice(at % (spams.length + 1), 0, kept)
        const transaction = tx('a', {}, transfers)
        expect(isSpamOnly(transaction)).toBe(false)
        expect(visibleTransactions([transaction], 'eip155:31337')).toEqual([transaction])
      }),
      RUNS,
    )
  })

  it('never throws on what the history API validator lets through (property)', () => {
    const rawTransfer = fc.oneof(
      fc.anything(),
      fc.record(
        {
          direction: fc.oneof(direction, fc.anything()),
          quantity: fc.oneof(fc.record({ numeric }), fc.anything()),
          fungible_info: fc.oneof(
            fc.record({ name: fc.string(), symbol: fc.string() }),
            fc.anything(),
          ),
          nft_info: fc.oneof(
            fc.record({
              name: fc.anything(),
              flags: fc.oneof(fc.record({ is_spam: fc.anything() }), fc.anything()),
            }),
            fc.anything(),
          ),
        },
        { requiredKeys: [] },
      ),
    )
    fc.assert(
      fc.property(fc.oneof(fc.array(rawTransfer, { maxLength: 6 }), fc.anything()), (transfers) => {
        const parsed = transaction({
          id: 'a',
          metadata: {
            hash: '0x1',
            minedAt: '2026-11-20T10:00:00Z',
            status: 'confirmed',
            chain: 'eip155:1',
          },
          transfers,
        })
        expect(parsed).toBeDefined()
        if (!parsed) return
        const hidden = isSpamOnly(parsed)
        expect(typeof hidden).toBe('boolean')
        if (hidden) {
          expect(parsed.transfers.length).toBeGreaterThan(0)
          for (const t of parsed.transfers) expect(t.nft_info?.flags.is_spam).toBe(true)
        }
      }),
      RUNS,
    )
  })
})
