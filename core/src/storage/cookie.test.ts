// @vitest-environment happy-dom
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { TEST_NETWORKS, unreachableFetch } from '../test-utils/client.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { createMemoryStorage } from './adapter.js'
import {
  COOKIE_KEYS,
  cookieStorage,
  cookieToInitialState,
  createCookieStorage,
  isCookieKey,
  MAX_COOKIE_LENGTH,
  parseCookies,
  serializeCookie,
} from './cookie.js'

function clearCookies() {
  for (const name of parseCookies(document.cookie).keys()) {
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets what the storage wrote
    document.cookie = `${encodeURIComponent(name)}=; Path=/; Max-Age=0`
  }
}

const cleanupsOfTest: (() => void)[] = []
beforeEach(clearCookies)
afterEach(() => {
  for (const cleanup of cleanupsOfTest.splice(0)) cleanup()
  clearCookies()
  localStorage.clear()
})

/** The lines written to document.cookie from now on (attributes included, which reading hides). */
function cookieLines() {
  const lines: string[] = []
  const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(document), 'cookie')
  const setter = vi.spyOn(document, 'cookie', 'set').mockImplementation((line: string) => {
    lines.push(line)
    descriptor?.set?.call(document, line)
  })
  cleanupsOfTest.push(() => setter.mockRestore())
  return () => lines
}

describe('cookieStorage in the browser', () => {
  it('keeps what the first render needs in cookies and the rest in localStorage', () => {
    const storage = createCookieStorage()
    storage.setItem('@portico/connections:eip155', '[{"connectorId":"x"}]')
    storage.setItem('@portico/active_caip_network_id:eip155', '"eip155:1"')
    storage.setItem('@portico/identity_cache', '{"big":"cache"}')
    const cookies = parseCookies(document.cookie)
    expect(cookies.get('@portico/connections:eip155')).toBe('[{"connectorId":"x"}]')
    expect(cookies.get('@portico/active_caip_network_id:eip155')).toBe('"eip155:1"')
    expect(cookies.has('@portico/identity_cache')).toBe(false)
    expect(localStorage.getItem('@portico/identity_cache')).toBe('{"big":"cache"}')
    expect(storage.getItem('@portico/connections:eip155')).toBe('[{"connectorId":"x"}]')
    expect(storage.getItem('@portico/identity_cache')).toBe('{"big":"cache"}')
    expect(storage.getItem('@portico/connection_status')).toBeNull()
  })

  it('encodes names and values so separators in them survive', () => {
    const storage = createCookieStorage()
    const value = '{"a":"b; c=d, e"}'
    storage.setItem('@my-app/connected_connector_id:eip155', value)
    // The raw cookie line has no bare `;`, `=` or `@` of the value or key in it.
    expect(document.cookie).toContain('%40my-app%2Fconnected_connector_id%3Aeip155=')
    expect(storage.getItem('@my-app/connected_connector_id:eip155')).toBe(value)
  })

  it('removes a cookie', () => {
    const storage = createCookieStorage()
    storage.setItem('@portico/connection_status', '"connected"')
    storage.removeItem('@portico/connection_status')
    expect(storage.getItem('@portico/connection_status')).toBeNull()
    expect(document.cookie).not.toContain('connection_status')
  })

  it('puts a value too long for a cookie in localStorage, and drops its old cookie', () => {
    const fallback = createMemoryStorage()
    const storage = createCookieStorage({ fallback })
    storage.setItem('@portico/connections:eip155', '"short"')
    const long = JSON.stringify('x'.repeat(MAX_COOKIE_LENGTH))
    storage.setItem('@portico/connections:eip155', long)
    expect(document.cookie).not.toContain('connections')
    expect(fallback.getItem('@portico/connections:eip155')).toBe(long)
    expect(storage.getItem('@portico/connections:eip155')).toBe(long)
    // Short again: back in the cookie, out of the fallback.
    storage.setItem('@portico/connections:eip155', '"short"')
    expect(fallback.getItem('@portico/connections:eip155')).toBeNull()
    expect(parseCookies(document.cookie).get('@portico/connections:eip155')).toBe('"short"')
  })

  it('writes cookies for the whole site, a year long, same-site lax, secure on https', () => {
    expect(serializeCookie('@portico/connection_status', '"connected"')).toBe(
      '%40portico%2Fconnection_status=%22connected%22; Path=/; Max-Age=31536000; SameSite=Lax',
    )
    expect(
      serializeCookie('k', 'v', { path: '/app', maxAge: 60, domain: 'example.org', secure: true }),
    ).toBe('k=v; Path=/app; Max-Age=60; SameSite=Lax; Domain=example.org; Secure')
    expect(serializeCookie('k', 'v', { sameSite: 'none' })).toContain('SameSite=None')
    expect(serializeCookie('k', 'v', { sameSite: 'none' })).toMatch(/; Secure$/)
  })

  it("writes SameSite=Strict when asked, and the app's lifetime on every write", () => {
    expect(serializeCookie('k', 'v', { sameSite: 'strict' })).toBe(
      'k=v; Path=/; Max-Age=31536000; SameSite=Strict',
    )
    const lines = cookieLines()
    createCookieStorage({ maxAge: 60 }).setItem('@portico/connection_status', '"connected"')
    expect(lines()).toEqual([
      '%40portico%2Fconnection_status=%22connected%22; Path=/; Max-Age=60; SameSite=Lax',
    ])
  })

  it('marks its cookies Secure on an https page', () => {
    const lines = cookieLines()
    const location = vi.spyOn(globalThis, 'location', 'get')
    cleanupsOfTest.push(() => location.mockRestore())
    location.mockReturnValue({ protocol: 'https:' } as Location)
    createCookieStorage().setItem('@portico/connection_status', '"connected"')
    location.mockReturnValue({ protocol: 'http:' } as Location)
    createCookieStorage().setItem('@portico/connection_status', '"connected"')
    expect(lines().map((line) => line.endsWith('; Secure'))).toEqual([true, false])
  })

  it('a value whose cookie line is 3 800 characters at most stays a cookie, counting its attributes', () => {
    const key = '@portico/connections:eip155'
    // The quote encodes as %22, each x as itself: the line grows by one per x.
    const value = `"${'x'.repeat(MAX_COOKIE_LENGTH - serializeCookie(key, '"').length)}`
    expect(serializeCookie(key, value)).toHaveLength(3_800)
    const fallback = createMemoryStorage()
    const storage = createCookieStorage({ fallback })
    storage.setItem(key, value)
    expect(parseCookies(document.cookie).has(key)).toBe(true)
    const withDomain = createCookieStorage({ fallback, domain: 'shop.example.org' })
    withDomain.setItem(key, value)
    expect(fallback.getItem(key)).not.toBeNull()
  })

  it('reads keys that are no cookies from localStorage only, even when a cookie has their name', () => {
    const fallback = createMemoryStorage({ '@portico/identity_cache': '"stored"' })
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie someone else set with that name
    document.cookie = '%40portico%2Fidentity_cache=%22forged%22; Path=/'
    expect(createCookieStorage({ fallback }).getItem('@portico/identity_cache')).toBe('"stored"')
  })

  it('writes no deletion line for a cookie that is not there', () => {
    const storage = createCookieStorage({ fallback: createMemoryStorage() })
    const lines = cookieLines()
    storage.removeItem('@portico/connections:eip155')
    storage.removeItem('@portico/identity_cache')
    storage.setItem('@portico/connections:eip155', JSON.stringify('x'.repeat(3_800)))
    expect(lines()).toEqual([])
  })

  it('deletes a cookie that is there with a line that expires it at once', () => {
    const storage = createCookieStorage({ fallback: createMemoryStorage() })
    storage.setItem('@portico/connections:eip155', '"short"')
    const lines = cookieLines()
    storage.removeItem('@portico/connections:eip155')
    expect(lines()).toEqual([
      '%40portico%2Fconnections%3Aeip155=; Path=/; Max-Age=0; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ])
  })

  it('unquotes a value only when quotes open and close it', () => {
    expect(parseCookies('a="ab"; b="ab; c=ab"; d="').get('a')).toBe('ab')
    expect(parseCookies('b="ab').get('b')).toBe('"ab')
    expect(parseCookies('c=ab"').get('c')).toBe('ab"')
    expect(parseCookies('d="').get('d')).toBe('"')
  })

  it('knows which keys are cookies: the connection and the chosen network only', () => {
    expect(COOKIE_KEYS).toEqual([
      'connected_connector_id',
      'connection_status',
      'connected_namespaces',
      'connections',
      'active_namespace',
      'active_caip_network_id',
    ])
    expect(isCookieKey('@portico/connections:eip155')).toBe(true)
    expect(isCookieKey('@other_key/active_namespace')).toBe(true)
    expect(isCookieKey('@portico/recent_wallets')).toBe(false)
    expect(isCookieKey('@portico/wc@2:core:0.3//keychain')).toBe(false)
    expect(isCookieKey('connections')).toBe(false)
    // The whole name is a Portico key, or it is not one.
    expect(isCookieKey('x@portico/connections')).toBe(false)
    expect(isCookieKey('@portico/connections!')).toBe(false)
    expect(isCookieKey('@portico/connections:with space')).toBe(true)
  })
})

describe('cookieToInitialState', () => {
  it('reads nothing for a storage key that is not one, even when a cookie has its prefix', () => {
    expect(
      cookieToInitialState('%40portico%2Fconnections%3Ax%2Fy=1', {
        storageKey: 'portico/connections:x',
      }),
    ).toBeUndefined()
  })

  it("keeps Portico's entries of a Cookie header and nothing else", () => {
    const header = [
      'session=secret',
      serializeCookie('@portico/connections:eip155', '[1]').split(';')[0],
      serializeCookie('@portico/active_namespace', '"eip155"').split(';')[0],
      serializeCookie('@portico/identity_cache', '{}').split(';')[0],
      serializeCookie('@other/connections:eip155', '[2]').split(';')[0],
    ].join('; ')
    expect(cookieToInitialState(header)).toEqual({
      storage: { '@portico/connections:eip155': '[1]', '@portico/active_namespace': '"eip155"' },
    })
    expect(cookieToInitialState(header, { storageKey: 'other' })).toEqual({
      storage: { '@other/connections:eip155': '[2]' },
    })
  })

  it('is undefined for no cookie, no Portico cookie or a bad storage key', () => {
    expect(cookieToInitialState(null)).toBeUndefined()
    expect(cookieToInitialState(undefined)).toBeUndefined()
    expect(cookieToInitialState('')).toBeUndefined()
    expect(cookieToInitialState('a=b; c=d')).toBeUndefined()
    expect(cookieToInitialState('x=y', { storageKey: 'bad/key' })).toBeUndefined()
  })

  it('parses a header pair by pair: trimmed, unquoted, decoded, the first of a name kept', () => {
    expect([
      ...parseCookies('a=1; junk; b= 2 ; c="3"; d="; e=x"; f="; g=%E0%A4%A; h=""; a=9'),
    ]).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
      ['d', '"'],
      ['e', 'x"'],
      ['f', '"'],
      ['h', ''],
    ])
  })

  it('does not parse a header over 64 KiB', () => {
    const header = (length: number) => `a=1; b=${'x'.repeat(length - 7)}`
    expect(header(65_536)).toHaveLength(65_536)
    expect(parseCookies(header(65_536)).get('a')).toBe('1')
    expect(parseCookies(header(65_537)).size).toBe(0)
  })

  it('skips malformed pairs and reads quoted values', () => {
    const header = '%E0%A4%A=1; %40portico%2Fconnection_status="%22connected%22"; =x; novalue'
    expect(cookieToInitialState(header)).toEqual({
      storage: { '@portico/connection_status': '"connected"' },
    })
  })

  const key = fc
    .tuple(
      fc.constantFrom(...COOKIE_KEYS),
      fc.option(fc.constantFrom('eip155', 'solana', 'bip122'), { nil: undefined }),
    )
    .map(([name, sub]) => `@portico/${name}${sub ? `:${sub}` : ''}`)

  it('reads back every value cookieStorage writes, whatever it holds', () => {
    fc.assert(
      fc.property(fc.dictionary(key, fc.string({ unit: 'grapheme' })), (entries) => {
        const header = Object.entries(entries)
          .map(([k, v]) => serializeCookie(k, v).split(';')[0])
          .join('; ')
        const state = cookieToInitialState(header)
        if (Object.keys(entries).length === 0) expect(state).toBeUndefined()
        else expect(state?.storage).toEqual(entries)
      }),
      { numRuns: 1_000 },
    )
  })

  it('never throws and keeps only Portico keys, whatever the header holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (header) => {
        const state = cookieToInitialState(header)
        for (const [name, value] of Object.entries(state?.storage ?? {})) {
          expect(name.startsWith('@portico/') && isCookieKey(name)).toBe(true)
          expect(typeof value).toBe('string')
        }
      }),
      { numRuns: 1_000 },
    )
  }, 30_000)
})

describe('a client on cookie storage, rendered on the server from the request', () => {
  it('starts reconnecting with the stored account and network, as the browser will', async () => {
    // The browser: connect, which writes the cookies.
    const wallet = createFakeWallet({ chainId: 31338 })
    const stop = wallet.announce(window, { name: 'Fake', rdns: 'dev.portico.fake' })
    const browser = createPortico({
      projectId: 'test',
      networks: TEST_NETWORKS,
      storage: cookieStorage,
      logLevel: 'silent',
      fetch: unreachableFetch,
    })
    browser.connectors.startDiscovery()
    await browser.connection.connect({ connectorId: 'dev.portico.fake' })
    browser.destroy()

    // The server: the next request's Cookie header, memory storage, ssr.
    const initialState = cookieToInitialState(document.cookie)
    const server = createPortico({
      projectId: 'test',
      networks: TEST_NETWORKS,
      storage: createMemoryStorage(),
      ssr: true,
      initialState,
      logLevel: 'silent',
      fetch: unreachableFetch,
    })
    expect(server.connection.$connection.get()).toEqual({
      status: 'reconnecting',
      address: TEST_ACCOUNTS[0],
      chainId: 'eip155:31338',
      caipAddress: `eip155:31338:${TEST_ACCOUNTS[0]}`,
      connectorId: 'dev.portico.fake',
      allAccounts: TEST_ACCOUNTS.map((address) => ({ address, type: 'eoa', namespace: 'eip155' })),
    })
    expect(server.network.$activeNetwork.get().id).toBe('eip155:31338')
    server.destroy()

    // The browser's next page: the same first state, then the wallet confirms.
    const next = createPortico({
      projectId: 'test',
      networks: TEST_NETWORKS,
      storage: cookieStorage,
      ssr: true,
      initialState,
      logLevel: 'silent',
      fetch: unreachableFetch,
    })
    expect(next.connection.$status.get()).toBe('reconnecting')
    expect(next.connection.$address.get()).toBe(TEST_ACCOUNTS[0])
    await next.connection.reconnect()
    expect(next.connection.$status.get()).toBe('connected')
    next.destroy()
    stop()
  })

  it('forgets the restored address when the wallet is gone', async () => {
    const initialState = {
      storage: {
        '@portico/connected_namespaces': '["eip155"]',
        '@portico/connected_connector_id:eip155': '"dev.portico.gone"',
        '@portico/connections:eip155': JSON.stringify([
          { connectorId: 'dev.portico.gone', accounts: [{ address: TEST_ACCOUNTS[1] }] },
        ]),
      },
    }
    const client = createPortico({
      projectId: 'test',
      networks: TEST_NETWORKS,
      storage: 'memory',
      ssr: true,
      initialState,
      logLevel: 'silent',
      now: () => 0,
    })
    expect(client.connection.$address.get()).toBe(TEST_ACCOUNTS[1])
    vi.useFakeTimers()
    try {
      const done = client.connection.reconnect()
      await vi.advanceTimersByTimeAsync(10_000)
      await done
    } finally {
      vi.useRealTimers()
    }
    expect(client.connection.$connection.get()).toEqual({ status: 'disconnected', allAccounts: [] })
    client.destroy()
  })

  it('restores nothing from a tampered cookie', () => {
    const initialState = {
      storage: {
        '@portico/connected_namespaces': '["eip155"]',
        '@portico/connected_connector_id:eip155': '"x"',
        '@portico/connections:eip155':
          '[{"accounts":[{"address":"<img src=x onerror=alert(1)>"}]}]',
      },
    }
    const client = createPortico({
      projectId: 'test',
      networks: TEST_NETWORKS,
      storage: 'memory',
      ssr: true,
      initialState,
      logLevel: 'silent',
      fetch: unreachableFetch,
    })
    expect(client.connection.$connection.get()).toEqual({ status: 'disconnected', allAccounts: [] })
    client.destroy()
  })

  it('hydrates only with ssr: a browser-only app restores by asking the wallet', () => {
    const initialState = {
      storage: {
        '@portico/connected_namespaces': '["eip155"]',
        '@portico/connected_connector_id:eip155': '"x"',
        '@portico/connections:eip155': JSON.stringify([
          { accounts: [{ address: TEST_ACCOUNTS[0] }] },
        ]),
      },
    }
    const client = createPortico({
      projectId: 'test',
      networks: TEST_NETWORKS,
      storage: 'memory',
      initialState,
      logLevel: 'silent',
      fetch: unreachableFetch,
    })
    expect(client.connection.$address.get()).toBeUndefined()
    client.destroy()
  })

  it('refuses an initialState that is not one', () => {
    try {
      createPortico({
        projectId: 'test',
        networks: TEST_NETWORKS,
        storage: 'memory',
        initialState: { storage: { a: 1 } } as never,
      })
      expect.unreachable()
    } catch (error) {
      expect(isPorticoError(error, 'INVALID_OPTIONS')).toBe(true)
      expect((error as Error).message).toContain(
        'initialState must be what cookieToInitialState returned',
      )
    }
  })
})
