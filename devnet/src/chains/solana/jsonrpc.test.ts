import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  config,
  INVALID_REQUEST,
  MAX_BATCH_SIZE,
  optionalCommitment,
  PARSE_ERROR,
  parseJsonRpcBody,
  RpcError,
  requireCount,
  stringifyJson,
} from './jsonrpc.js'
import { formatTokenAmount } from './tokens.js'

const RUNS = { numRuns: 1000 }

const id = fc.oneof(fc.string(), fc.integer(), fc.constant(null))
const params = fc.oneof(fc.array(fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue()))
const validRequest = fc.record(
  { jsonrpc: fc.constant('2.0'), id, method: fc.string({ minLength: 1, maxLength: 128 }), params },
  { requiredKeys: ['jsonrpc', 'method'] },
)

describe('JSON-RPC request parsing', () => {
  it('accepts every well-formed request and keeps its id, method and params', () => {
    fc.assert(
      fc.property(validRequest, (generated) => {
        // What travels is the JSON text (-0 arrives as 0, for one).
        const request = JSON.parse(JSON.stringify(generated)) as typeof generated
        const parsed = parseJsonRpcBody(JSON.stringify(request))
        expect(parsed.kind).toBe('single')
        if (parsed.kind !== 'single' || !parsed.entry.ok) throw new Error('refused')
        const { request: got } = parsed.entry
        expect(got.method).toBe(request.method)
        expect(got.notification).toBe(!('id' in request))
        expect(got.id).toEqual('id' in request ? request.id : null)
        expect(got.params).toEqual(request.params ?? [])
      }),
      RUNS,
    )
  })

  it('never throws on any text, and answers a parse error for what is not JSON', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseJsonRpcBody(text)
        let json = true
        try {
          JSON.parse(text)
        } catch {
          json = false
        }
        if (!json)
          expect(parsed).toEqual({
            kind: 'invalid',
            error: { code: PARSE_ERROR, message: 'Parse error' },
          })
      }),
      RUNS,
    )
  })

  it('refuses any JSON value that is not a request with Invalid Request, never accepting it', () => {
    const notRequest = fc.jsonValue().filter((value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return true
      const v = value as Record<string, unknown>
      return v.jsonrpc !== '2.0' || typeof v.method !== 'string' || v.method === ''
    })
    fc.assert(
      fc.property(notRequest, (value) => {
        const parsed = parseJsonRpcBody(JSON.stringify(value))
        if (parsed.kind === 'single') {
          expect(parsed.entry.ok).toBe(false)
          if (!parsed.entry.ok) expect(parsed.entry.error.code).toBe(INVALID_REQUEST)
        } else if (parsed.kind === 'batch') {
          for (const entry of parsed.entries) {
            if (entry.ok) expect(Array.isArray(value)).toBe(true)
          }
        } else {
          expect(parsed.error.code).toBe(INVALID_REQUEST)
        }
      }),
      RUNS,
    )
  })

  it('answers a batch entry by entry, and refuses empty or oversized batches whole', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(validRequest, fc.jsonValue()), { maxLength: 120 }), (batch) => {
        const parsed = parseJsonRpcBody(JSON.stringify(batch))
        if (batch.length === 0 || batch.length > MAX_BATCH_SIZE) {
          expect(parsed.kind).toBe('invalid')
          return
        }
        expect(parsed.kind).toBe('batch')
        if (parsed.kind === 'batch') expect(parsed.entries).toHaveLength(batch.length)
      }),
      RUNS,
    )
  })

  it('keeps a valid id on the error of an otherwise bad request, and drops an invalid one', () => {
    fc.assert(
      fc.property(id, fc.jsonValue(), (requestId, method) => {
        fc.pre(typeof method !== 'string' || method === '')
        const parsed = parseJsonRpcBody(JSON.stringify({ jsonrpc: '2.0', id: requestId, method }))
        expect(parsed).toMatchObject({ kind: 'single', entry: { ok: false, id: requestId } })
      }),
      RUNS,
    )
    const bad = parseJsonRpcBody('{"jsonrpc":"2.0","id":{"a":1},"method":"getSlot"}')
    expect(bad).toMatchObject({ kind: 'single', entry: { ok: false, id: null } })
  })
})

describe('parameter readers', () => {
  it('requireCount takes exactly the safe non-negative integers', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const ok = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
        if (ok) expect(requireCount(value, 'n')).toBe(BigInt(value))
        else expect(() => requireCount(value, 'n')).toThrow(RpcError)
      }),
      RUNS,
    )
  })

  it('config takes objects (and absence), refuses everything else', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const ok = value === null || (typeof value === 'object' && !Array.isArray(value))
        if (ok) expect(config(value)).toEqual(value ?? {})
        else expect(() => config(value)).toThrow(/configuration must be an object/)
      }),
      RUNS,
    )
  })

  it('optionalCommitment knows the three commitments only', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        if (value === null) return
        const known = ['processed', 'confirmed', 'finalized'].includes(value as string)
        if (known) expect(optionalCommitment(value)).toBe(value)
        else expect(() => optionalCommitment(value)).toThrow(/unknown commitment/)
      }),
      RUNS,
    )
  })
})

describe('answers', () => {
  it('stringifyJson writes what JSON.stringify writes, and bigints as number literals', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(stringifyJson(value))).toEqual(JSON.parse(JSON.stringify(value)))
      }),
      RUNS,
    )
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (n) => {
        expect(stringifyJson({ lamports: n })).toBe(`{"lamports":${n}}`)
      }),
      RUNS,
    )
  })

  it('formatTokenAmount is the exact decimal of amount / 10^decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        fc.integer({ min: 0, max: 18 }),
        (amount, decimals) => {
          const text = formatTokenAmount(amount, decimals)
          expect(text).toMatch(/^\d+(\.\d*[1-9])?$/)
          const [whole, fraction = ''] = text.split('.')
          expect(BigInt(whole + fraction.padEnd(decimals, '0'))).toBe(amount)
        },
      ),
      RUNS,
    )
  })
})
