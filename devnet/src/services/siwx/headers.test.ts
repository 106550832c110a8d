import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../../kernel/reply.js'
import { parseBearer, parseOriginHeader } from './headers.js'

const RUNS = { numRuns: 1000 }

function refusal(run: () => unknown): [number, string] {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    return [(error as HttpError).status, (error as HttpError).message]
  }
  throw new Error('accepted')
}

describe('request headers', () => {
  it('take the origins browsers send and nothing else', () => {
    expect(parseOriginHeader('http://127.0.0.1:5173').host).toBe('127.0.0.1:5173')
    expect(parseOriginHeader('https://app.example').host).toBe('app.example')
    expect(refusal(() => parseOriginHeader(undefined))).toEqual([400, 'missing Origin header'])
    for (const bad of [
      'null',
      'http://127.0.0.1:5173/',
      'http://a/b',
      'file:///x',
      'HTTP://A',
      'ws://a',
    ]) {
      expect(refusal(() => parseOriginHeader(bad))).toEqual([400, 'invalid Origin header'])
    }
  })

  it('accept every web origin as it is, and answer anything else with a 400', () => {
    fc.assert(
      fc.property(
        fc.webUrl().map((url) => new URL(url).origin),
        (origin) => {
          expect(parseOriginHeader(origin).origin).toBe(origin)
        },
      ),
      RUNS,
    )
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          expect(parseOriginHeader(text).origin).toBe(text)
        } catch (error) {
          expect((error as HttpError).status).toBe(400)
        }
      }),
      RUNS,
    )
  })

  it('read bearer tokens, any case of the scheme, and refuse the rest with a 401 challenge', () => {
    expect(parseBearer('Bearer abc.def-_~+/=')).toBe('abc.def-_~+/=')
    expect(parseBearer('bearer   x ')).toBe('x')
    for (const bad of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearer a b',
      'Bearer a\n',
    ]) {
      const [status, message] = refusal(() => parseBearer(bad))
      expect([status, message]).toEqual([401, 'missing bearer token'])
    }
    fc.assert(
      fc.property(fc.string(), fc.string(), (scheme, token) => {
        const header = `${scheme} ${token}`
        try {
          const parsed = parseBearer(header)
          // Accepted: the scheme, spaces, then the token (one word of token characters).
          const words = header.trim().split(/ +/)
          expect(words).toHaveLength(2)
          expect(words[0]?.toLowerCase()).toBe('bearer')
          expect(words[1]).toBe(parsed)
          expect(parsed).toMatch(/^[A-Za-z0-9._~+/-]+=*$/)
        } catch (error) {
          expect((error as HttpError).status).toBe(401)
          expect((error as HttpError).headers).toEqual({
            'WWW-Authenticate': 'Bearer realm="portico-devnet"',
          })
        }
      }),
      RUNS,
    )
  })
})
