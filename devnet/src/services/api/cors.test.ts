import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isAddressHost, isLoopbackOrigin, originAccess } from './cors.js'

const RUNS = { numRuns: 1_000 }
const port = fc.integer({ min: 1, max: 65_535 })
const loopbackHost = fc.constantFrom('127.0.0.1', 'localhost', '[::1]')
/** An origin as a browser writes it, on any host name or address. */
const anyOrigin = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    fc.oneof(
      fc.domain(),
      fc.ipV4(),
      fc.ipV6().map((ip) => `[${ip}]`),
      loopbackHost,
    ),
    fc.option(port, { nil: undefined }),
  )
  .map(([scheme, host, p]) => ({ scheme, host, origin: `${scheme}://${host}${p ? `:${p}` : ''}` }))

describe('loopback origins', () => {
  it('allows the three loopback hosts over http, on any port or none', () => {
    expect(isLoopbackOrigin('http://127.0.0.1:5173')).toBe(true)
    expect(isLoopbackOrigin('http://localhost:61000')).toBe(true)
    expect(isLoopbackOrigin('http://[::1]:6006')).toBe(true)
    expect(isLoopbackOrigin('http://localhost')).toBe(true)
    fc.assert(
      fc.property(loopbackHost, port, (host, p) => isLoopbackOrigin(`http://${host}:${p}`)),
      RUNS,
    )
  })

  it('refuses look-alikes, other schemes, paths, bad ports and other hosts', () => {
    for (const origin of [
      'https://localhost:5173',
      'http://127.0.0.1.evil.example',
      'http://localhost.evil.example:80',
      'http://evil.example#http://localhost',
      'http://127.0.0.2:5173',
      'http://0.0.0.0:5173',
      'http://LOCALHOST:5173',
      'http://localhost:5173/',
      'http://localhost:0',
      'http://localhost:05173',
      'http://localhost:65536',
      'http://user@localhost:5173',
      'null',
      '',
    ]) {
      expect(isLoopbackOrigin(origin), origin).toBe(false)
    }
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((junk) => /\D/.test(junk)),
        loopbackHost,
        port,
        (junk, host, p) => {
          // Anything but port digits added around a loopback origin makes it another origin.
          const around = [`${junk}http://${host}:${p}`, `http://${host}:${p}${junk}`]
          return around.every((origin) => !isLoopbackOrigin(origin))
        },
      ),
      RUNS,
    )
  })

  it('allows exactly the http origins on a loopback name', () => {
    fc.assert(
      fc.property(anyOrigin, ({ scheme, host, origin }) => {
        const loopback = scheme === 'http' && ['127.0.0.1', 'localhost', '[::1]'].includes(host)
        return isLoopbackOrigin(origin) === loopback
      }),
      RUNS,
    )
  })
})

describe('host names safe from DNS rebinding', () => {
  it('accepts IP addresses and localhost, with or without a port', () => {
    for (const host of [
      '127.0.0.1:8787',
      'localhost:8787',
      '[::1]:8787',
      '192.168.1.20',
      'localhost',
    ]) {
      expect(isAddressHost(host), host).toBe(true)
    }
  })

  it('refuses DNS names, missing hosts and malformed ports', () => {
    for (const host of [
      undefined,
      '',
      'evil.example:8787',
      'localhost.evil.example',
      '[evil]:1',
      '1.2.3.4:x',
      '1.2.3.4:1:2',
    ]) {
      expect(isAddressHost(host), String(host)).toBe(false)
    }
    fc.assert(
      fc.property(fc.domain(), port, (domain, p) =>
        domain === 'localhost' ? true : !isAddressHost(`${domain}:${p}`),
      ),
      RUNS,
    )
  })

  it('accepts every IPv4 and IPv6 address', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.ipV6(), port, (v4, v6, p) => {
        return isAddressHost(`${v4}:${p}`) && isAddressHost(`[${v6}]:${p}`) && isAddressHost(v4)
      }),
      RUNS,
    )
  })
})

describe('origin access', () => {
  it('no Origin: not a browser (or a same-origin GET); loopback: allowed; else refused', () => {
    expect(originAccess(undefined, 'localhost:8787')).toBe('none')
    expect(originAccess('http://localhost:5173', 'localhost:8787')).toBe('allowed')
    expect(originAccess('https://evil.example', 'localhost:8787')).toBe('refused')
  })

  it('allows a page the devnet serves itself on a local network address (same origin)', () => {
    expect(originAccess('http://192.168.1.20:8787', '192.168.1.20:8787')).toBe('allowed')
    expect(originAccess('http://192.168.1.20:8787', '192.168.1.20:8788')).toBe('refused')
    // A rebound DNS name is same-origin too, but not an address: refused.
    expect(originAccess('http://evil.example:8787', 'evil.example:8787')).toBe('refused')
  })

  it('refuses every origin that is neither loopback nor the devnet itself', () => {
    fc.assert(
      fc.property(anyOrigin, fc.ipV4(), port, ({ origin }, ip, p) => {
        const access = originAccess(origin, `${ip}:${p}`)
        return isLoopbackOrigin(origin) || origin === `http://${ip}:${p}`
          ? access === 'allowed'
          : access === 'refused'
      }),
      RUNS,
    )
  })
})
