import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseOnrampMessage } from './messages.js'
import { ONRAMP_MESSAGE_TYPE } from './tuning.js'

const base = { type: 'portico:onramp', version: 1, sessionId: 's-1', provider: 'coinbase' }
const purchase = {
  asset: 'USDC',
  amount: '49.01',
  chainId: 31337,
  caipNetworkId: 'eip155:31337',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  contractAddress: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
  hash: `0x${'12'.repeat(32)}`,
}

describe('parseOnrampMessage', () => {
  it('reads the three statuses a provider page reports', () => {
    expect(ONRAMP_MESSAGE_TYPE).toBe('portico:onramp')
    expect(parseOnrampMessage({ ...base, status: 'processing' })).toEqual({
      sessionId: 's-1',
      status: 'processing',
    })
    expect(parseOnrampMessage({ ...base, status: 'success', purchase })).toEqual({
      sessionId: 's-1',
      status: 'success',
      purchase: {
        asset: 'USDC',
        amount: '49.01',
        caipNetworkId: 'eip155:31337',
        address: purchase.address,
        hash: purchase.hash,
      },
    })
    expect(
      parseOnrampMessage({
        ...base,
        status: 'failed',
        error: { code: 'card_declined', message: 'The card was declined.' },
      }),
    ).toEqual({ sessionId: 's-1', status: 'failed', code: 'card_declined' })
    expect(parseOnrampMessage({ ...base, status: 'failed' })).toEqual({
      sessionId: 's-1',
      status: 'failed',
      code: undefined,
    })
  })

  it.each([
    ['another type', { ...base, type: 'other', status: 'processing' }],
    ['another version', { ...base, version: 2, status: 'processing' }],
    ['no session', { ...base, sessionId: '', status: 'processing' }],
    ['an unknown status', { ...base, status: 'done' }],
    ['a success without a purchase', { ...base, status: 'success' }],
    [
      'a success without a hash',
      { ...base, status: 'success', purchase: { ...purchase, hash: '' } },
    ],
    [
      'a success with a bad amount',
      { ...base, status: 'success', purchase: { ...purchase, amount: '1e3' } },
    ],
    [
      'a success with a bad chain',
      { ...base, status: 'success', purchase: { ...purchase, caipNetworkId: 'x' } },
    ],
    ['a string', 'portico:onramp'],
    ['null', null],
  ])('ignores %s', (_why, value) => {
    expect(parseOnrampMessage(value)).toBeUndefined()
  })

  it('never throws, whatever another window posts', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => void parseOnrampMessage(value)),
      {
        numRuns: 1_000,
      },
    )
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom('processing', 'success', 'failed', 'x'),
          sessionId: fc.string(),
          purchase: fc.record({
            asset: fc.string(),
            amount: fc.string(),
            caipNetworkId: fc.string(),
            address: fc.string(),
            hash: fc.string(),
          }),
          error: fc.record({ code: fc.string() }),
        }),
        (value) => {
          const message = parseOnrampMessage({ ...base, ...value })
          if (message?.status === 'success') {
            expect(message.purchase.amount).toMatch(/^\d+(\.\d+)?$/)
            expect(message.purchase.hash).toMatch(/^[\x21-\x7e]+$/)
          }
        },
      ),
      { numRuns: 1_000 },
    )
  })
})
