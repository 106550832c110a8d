import { describe, expect, it } from 'vitest'
import type { Transaction } from './api.js'
import { formatTransferAmount, groupByDay, visibleTransactions } from './display.js'

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
  })
})
