import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bearerToken,
  cookieValue,
  isLoopbackHost,
  originMatches,
  parseOriginHeader,
  SiwxError,
  serializeCookie,
} from './headers.js'

const RUNS = { numRuns: 1000 }

function refusal(run: () => unknown): [number, string] {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(SiwxError)
    return [(error as SiwxError).status, (error as SiwxError).message]
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
          expect((error as SiwxError).status).toBe(400)
        }
      }),
      RUNS,
    )
  })

  it('read bearer tokens, any case of the scheme, and nothing else', () => {
    expect(bearerToken('Bearer abc.def-_~+/=')).toBe('abc.def-_~+/=')
    expect(bearerToken('bearer   x ')).toBe('x')
    for (const bad of [
      undefined,
      null,
      '',
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearer a b',
      'Bearer a\n',
    ]) {
      expect(bearerToken(bad)).toBeUndefined()
    }
    fc.assert(
      fc.property(fc.string(), fc.string(), (scheme, token) => {
        const header = `${scheme} ${token}`
        const parsed = bearerToken(header)
        if (parsed === undefined) return
        // Accepted: the scheme, spaces, then the token (one word of token characters).
        const words = header.trim().split(/ +/)
        expect(words).toHaveLength(2)
        expect(words[0]?.toLowerCase()).toBe('bearer')
        expect(words[1]).toBe(parsed)
        expect(parsed).toMatch(/^[A-Za-z0-9._~+/-]+=*$/)
      }),
      RUNS,
    )
  })

  it('read the named cookie among others, and only a well-formed value', () => {
    expect(cookieValue('a=1; portico_session=x.y.z; b=2', 'portico_session')).toBe('x.y.z')
    expect(cookieValue('portico_session2=x; session=y', 'session')).toBe('y')
    expect(cookieValue('session="x y"', 'session')).toBeUndefined()
    expect(cookieValue(null, 'session')).toBeUndefined()
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[A-Za-z0-9._~+/=-]{1,40}$/), (noise, token) => {
        const others = noise.replace(/[;=]/g, '')
        const header = `${others ? `x${others}=1; ` : ''}portico_session=${token}`
        expect(cookieValue(header, 'portico_session')).toBe(token)
        const value = cookieValue(noise, 'portico_session')
        if (value !== undefined) expect(value).toMatch(/^[A-Za-z0-9._~+/=-]+$/)
      }),
      RUNS,
    )
  })

  it('write an HttpOnly cookie, Secure except over http to this machine', () => {
    const name = { name: 'portico_session' }
    expect(serializeCookie(name, 'a.b.c', 3600.9, new URL('https://api.example/auth/v1/x'))).toBe(
      'portico_session=a.b.c; Path=/; Max-Age=3600; HttpOnly; Secure; SameSite=Lax',
    )
    expect(
      serializeCookie(
        { ...name, sameSite: 'None', domain: 'example.org', path: '/auth' },
        '',
        0,
        new URL('http://api.example/'),
      ),
    ).toBe(
      'portico_session=; Path=/auth; Domain=example.org; Max-Age=0; HttpOnly; Secure; SameSite=None',
    )
    for (const local of [
      'http://127.0.0.1:8080/',
      'http://localhost:3000/',
      'http://app.localhost/',
      'http://[::1]:80/',
    ]) {
      expect(serializeCookie(name, 't', 1, new URL(local))).not.toContain('Secure')
    }
    expect(isLoopbackHost('127.0.0.1.example.org')).toBe(false)
    expect(isLoopbackHost('localhost.example.org')).toBe(false)
  })

  it('match origins exactly or by their * patterns, everything else literal', () => {
    expect(originMatches('http://localhost:5173', 'http://localhost:*')).toBe(true)
    expect(originMatches('https://a.example.org', 'https://*.example.org')).toBe(true)
    expect(originMatches('https://example.org', 'https://*.example.org')).toBe(false)
    expect(originMatches('https://aexample.org', 'https://a.example.org')).toBe(false)
    expect(originMatches('https://evil.example/https://app.example', 'https://app.example')).toBe(
      false,
    )
    fc.assert(
      fc.property(
        fc.webUrl().map((url) => new URL(url).origin),
        fc.webUrl().map((url) => new URL(url).origin),
        (origin, other) => {
          expect(originMatches(origin, origin)).toBe(true)
          // Without a star, only the same text matches.
          expect(originMatches(other, origin)).toBe(other === origin)
        },
      ),
      RUNS,
    )
  })
})
