import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cacao,
  findSession,
  isoDate,
  isSessionActive,
  isSessionFor,
  messageData,
  sameAddress,
  session,
} from './session.js'
import type { SiwxSession } from './types.js'

const RUNS = { numRuns: 1_000 }

const valid: SiwxSession = {
  data: {
    accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    chainId: 'eip155:31337',
    domain: 'app.example',
    uri: 'https://app.example/',
    version: '1',
    nonce: 'abcdef0123',
    issuedAt: '2026-01-01T00:00:00.000Z',
    expirationTime: '2026-01-02T00:00:00.000Z',
  },
  message: 'text',
  signature: '0x12',
}

const T0 = Date.parse('2026-01-01T12:00:00.000Z')

describe('the session validator (what storage and servers hand back)', () => {
  it('keeps a valid session, the CACAO included', () => {
    expect(session(valid)).toEqual(valid)
    const withCacao = {
      ...valid,
      cacao: {
        h: { t: 'caip122' },
        p: { iss: 'did:pkh:eip155:1:0xabc', domain: 'app.example', nonce: 'abcdef0123' },
        s: { t: 'eip191', s: '0x12' },
      },
    }
    expect(session(withCacao)).toEqual(withCacao)
  })

  it('refuses each broken part', () => {
    const broken = [
      { ...valid, message: '' },
      { ...valid, signature: 7 },
      { ...valid, data: { ...valid.data, chainId: 'eip155' } },
      { ...valid, data: { ...valid.data, version: '2' } },
      { ...valid, data: { ...valid.data, issuedAt: 'yesterday' } },
      { ...valid, data: { ...valid.data, issuedAt: '2026-13-45T00:00:00Z' } },
      { ...valid, data: { ...valid.data, expirationTime: 5 } },
      { ...valid, data: { ...valid.data, resources: 'https://a' } },
      { ...valid, message: 'x'.repeat(65_537) },
      { ...valid, cacao: { h: { t: 'caip122' }, p: {}, s: { t: 'eip191', s: '0x' } } },
      { ...valid, cacao: 'cacao' },
      null,
      [],
    ]
    for (const value of broken) expect(session(value), JSON.stringify(value)).toBeUndefined()
  })

  it('never throws and never returns what it did not check, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = session(value)
        if (parsed === undefined) return
        expect(typeof parsed.message).toBe('string')
        expect(typeof parsed.signature).toBe('string')
        expect(messageData(parsed.data)).toEqual(parsed.data)
      }),
      RUNS,
    )
  })

  it('reads any mutation of a valid session as valid or not, without throwing', () => {
    const keys = ['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce', 'issuedAt']
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.anything(), (key, value) => {
        const parsed = session({ ...valid, data: { ...valid.data, [key]: value } })
        if (parsed) expect(parsed.data[key as keyof typeof parsed.data]).toEqual(value)
      }),
      RUNS,
    )
  })

  it('cacao needs the header, the issuer, domain and nonce, and a signature', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = cacao(value)
        if (!parsed) return
        expect(typeof parsed.p.iss).toBe('string')
        expect(typeof parsed.s.s).toBe('string')
      }),
      RUNS,
    )
  })
})

describe('cacao', () => {
  const good = {
    h: { t: 'caip122' },
    p: { iss: 'did:pkh:eip155:1:0xabc', domain: 'app.example', nonce: 'abcdef0123' },
    s: { t: 'eip191', s: '0x12' },
  }
  it('keeps a CACAO with its header type, issuer, domain, nonce and signature', () => {
    expect(cacao(good)).toEqual(good)
  })

  it('refuses one that misses any of them', () => {
    const without = (part: 'h' | 'p' | 's', field: string) => ({
      ...good,
      [part]: Object.fromEntries(Object.entries(good[part]).filter(([key]) => key !== field)),
    })
    for (const [part, field] of [
      ['h', 't'],
      ['s', 't'],
      ['s', 's'],
      ['p', 'iss'],
      ['p', 'domain'],
      ['p', 'nonce'],
    ] as const) {
      expect(cacao(without(part, field)), `${part}.${field}`).toBeUndefined()
    }
  })
})

describe('isoDate', () => {
  it('takes RFC 3339 date-times only', () => {
    expect(isoDate('2026-01-01T00:00:00Z')).toBe('2026-01-01T00:00:00Z')
    expect(isoDate('2026-01-01T00:00:00.123+02:00')).toBe('2026-01-01T00:00:00.123+02:00')
    for (const bad of ['2026-01-01', 'Thu, 01 Jan 2026', '2026-01-01T00:00:00', 1, null]) {
      expect(isoDate(bad)).toBeUndefined()
    }
  })

  it('what it takes, Date reads', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
        (value) => {
          const parsed = isoDate(value)
          if (parsed !== undefined) expect(Number.isFinite(Date.parse(parsed))).toBe(true)
        },
      ),
      RUNS,
    )
  })
})

describe('which session is whose', () => {
  it('eip155 addresses compare without case, others exactly', () => {
    expect(sameAddress('eip155:1', '0xABC', '0xabc')).toBe(true)
    expect(sameAddress('solana:x', 'AbC', 'abc')).toBe(false)
    expect(sameAddress('solana:x', 'AbC', 'AbC')).toBe(true)
  })

  it('a session is for its account on its network only', () => {
    expect(isSessionFor(valid, 'eip155:31337', valid.data.accountAddress.toLowerCase())).toBe(true)
    expect(isSessionFor(valid, 'eip155:31338', valid.data.accountAddress)).toBe(false)
    expect(isSessionFor(valid, 'eip155:31337', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(
      false,
    )
  })

  it('is active from Not Before until (not at) Expiration Time', () => {
    expect(isSessionActive(valid, T0)).toBe(true)
    expect(isSessionActive(valid, Date.parse('2026-01-02T00:00:00.000Z'))).toBe(false)
    expect(isSessionActive(valid, Date.parse('2026-01-02T00:00:00.000Z') - 1)).toBe(true)
    const later = { ...valid, data: { ...valid.data, notBefore: '2026-01-01T13:00:00.000Z' } }
    expect(isSessionActive(later, T0)).toBe(false)
    expect(isSessionActive(later, Date.parse('2026-01-01T13:00:00.000Z'))).toBe(true)
    const open = { ...valid, data: { ...valid.data, expirationTime: undefined } }
    expect(isSessionActive(open, Number.MAX_SAFE_INTEGER)).toBe(true)
  })

  it('finds the first valid session of the account', () => {
    const expired = {
      ...valid,
      signature: '0xold',
      data: { ...valid.data, expirationTime: '2026-01-01T01:00:00.000Z' },
    }
    const other = { ...valid, data: { ...valid.data, chainId: 'eip155:1' as const } }
    expect(
      findSession([expired, other, valid], 'eip155:31337', valid.data.accountAddress, T0),
    ).toBe(valid)
    expect(
      findSession([expired, other], 'eip155:31337', valid.data.accountAddress, T0),
    ).toBeUndefined()
  })
})
