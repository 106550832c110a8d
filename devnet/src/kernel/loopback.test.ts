import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loopbackRefusal } from './loopback.js'

const request = (host: string | undefined, origin?: string) => ({
  headers: { ...(host !== undefined ? { host } : {}), ...(origin !== undefined ? { origin } : {}) },
})

describe('the Host and Origin every devnet server checks', () => {
  it('answers this machine by address or localhost, with no Origin or a loopback one', () => {
    for (const host of ['127.0.0.1:8545', 'localhost:8789', '[::1]:1', '192.168.1.20:8545']) {
      expect(loopbackRefusal(request(host), 'loopback')).toBeUndefined()
    }
    for (const origin of ['http://127.0.0.1:5173', 'http://localhost:3000', 'http://[::1]:80']) {
      expect(loopbackRefusal(request('127.0.0.1:8545', origin), 'loopback')).toBeUndefined()
    }
  })

  it('refuses a rebound DNS name, whatever the Origin (the review ran a whole login so)', () => {
    expect(
      loopbackRefusal(
        request('rebind.attacker.example:8789', 'http://rebind.attacker.example:8789'),
        'any',
      ),
    ).toBe('host "rebind.attacker.example:8789" is not this machine\'s address')
    expect(loopbackRefusal(request(undefined), 'any')).toBe(
      'host "" is not this machine\'s address',
    )
  })

  it('refuses a page on another site under the loopback rule, not under "any"', () => {
    const foreign = request('127.0.0.1:8545', 'https://attacker.example')
    expect(loopbackRefusal(foreign, 'loopback')).toBe(
      'origin https://attacker.example is not allowed',
    )
    expect(loopbackRefusal(foreign, 'any')).toBeUndefined()
    expect(loopbackRefusal(request('127.0.0.1:1', 'null'), 'loopback')).toBe(
      'origin null is not allowed',
    )
  })

  it('refuses every host name but localhost (property)', () => {
    fc.assert(
      fc.property(fc.domain(), fc.option(fc.integer({ min: 1, max: 65_535 })), (name, port) => {
        const host = port === null ? name : `${name}:${port}`
        const refused = loopbackRefusal(request(host), 'any') !== undefined
        expect(refused).toBe(name !== 'localhost')
      }),
      { numRuns: 1000 },
    )
  })

  it('refuses every https or non-loopback origin under the loopback rule (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ withFragments: false, withQueryParameters: false }), (url) => {
        const origin = new URL(url).origin
        const loopback = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(origin)
        expect(loopbackRefusal(request('127.0.0.1:1', origin), 'loopback') === undefined).toBe(
          loopback,
        )
      }),
      { numRuns: 1000 },
    )
  })
})
