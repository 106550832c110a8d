import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage, createSafeStorage } from '../storage/index.js'
import { createConnectionStorage, storedAddress } from './storage.js'

// What the connection reads back after a reload comes from the page's storage or a cookie, which
// anyone can edit: every value is checked before it is used, and a bad one reads as missing.

const EVM = '0x2546BcD3c84621e976D8185a91A922aE77ECEc30'
const SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const BITCOIN = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'

describe('storedAddress', () => {
  it('keeps an EVM address on eip155, in any case', () => {
    expect(storedAddress('eip155', EVM)).toBe(EVM)
    expect(storedAddress('eip155', EVM.toLowerCase())).toBe(EVM.toLowerCase())
  })

  it('refuses on eip155 what is not 0x and 40 hex digits, even a valid Solana address', () => {
    expect(storedAddress('eip155', SOLANA)).toBeUndefined()
    expect(storedAddress('eip155', EVM.slice(0, -1))).toBeUndefined()
    expect(storedAddress('eip155', `${EVM}0`)).toBeUndefined()
    expect(storedAddress('eip155', 42)).toBeUndefined()
  })

  it('keeps a Solana or Bitcoin address as it was stored', () => {
    expect(storedAddress('solana', SOLANA)).toBe(SOLANA)
    expect(storedAddress('bip122', BITCOIN)).toBe(BITCOIN)
    // The CAIP-10 account reference alphabet: letters, digits, hyphen, dot and percent.
    expect(storedAddress('polkadot', 'a-b.c%20d')).toBe('a-b.c%20d')
  })

  it('takes 1 to 128 characters off eip155, not 0 or 129', () => {
    expect(storedAddress('solana', 'a')).toBe('a')
    expect(storedAddress('solana', 'a'.repeat(128))).toBe('a'.repeat(128))
    expect(storedAddress('solana', 'a'.repeat(129))).toBeUndefined()
    expect(storedAddress('solana', '')).toBeUndefined()
  })

  it('refuses markup, spaces, separators and non-strings off eip155', () => {
    for (const value of [
      '<img src=x onerror=alert(1)>',
      'abc def',
      'abc:def',
      'abc/def',
      `${SOLANA}\n`,
      ` ${SOLANA}`,
      'аbc', // a Cyrillic "а"
      null,
      undefined,
      123,
      [SOLANA],
      { address: SOLANA },
    ]) {
      expect(storedAddress('solana', value)).toBeUndefined()
    }
  })

  it('keeps exactly the strings of the account reference alphabet (property)', () => {
    const allowed = fc.constantFrom(
      ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.%'.split(''),
    )
    fc.assert(
      fc.property(fc.string({ unit: allowed, minLength: 1, maxLength: 128 }), (value) => {
        expect(storedAddress('bip122', value)).toBe(value)
      }),
      { numRuns: 1000 },
    )
    fc.assert(
      fc.property(
        fc.string({ maxLength: 64 }),
        fc.string({ minLength: 1, maxLength: 4 }).filter((s) => /[^-.%a-zA-Z0-9]/.test(s)),
        fc.string({ maxLength: 64 }),
        (before, bad, after) => {
          expect(storedAddress('solana', `${before}${bad}${after}`)).toBeUndefined()
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('never throws and returns either nothing or the value itself (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('eip155', 'solana', 'bip122', 'polkadot', 'cosmos' as const),
        fc.anything(),
        (namespace, value) => {
          const read = storedAddress(namespace, value)
          expect(read === undefined || read === value).toBe(true)
        },
      ),
      { numRuns: 1000 },
    )
  })
})

describe('the stored connection', () => {
  const silent = { warn() {}, error() {}, info() {}, debug() {} } as never
  function stored(entries: Record<string, string>) {
    const storage = createSafeStorage(
      createMemoryStorage(
        Object.fromEntries(Object.entries(entries).map(([k, v]) => [`@portico/${k}`, v])),
      ),
      silent,
    )
    return createConnectionStorage(storage)
  }

  it('reads back what it wrote, per namespace', () => {
    const storage = createConnectionStorage(createSafeStorage(createMemoryStorage(), silent))
    storage.connectedConnectorId.set('eip155', 'io.metamask')
    storage.connectedConnectorId.set('solana', 'app.phantom')
    storage.connectionStatus.set('connected')
    storage.connectedNamespaces.set(['eip155', 'solana'])
    storage.connections.set('solana', [{ connectorId: 'app.phantom', accounts: [] }])
    expect(storage.connectedConnectorId.get('eip155')).toBe('io.metamask')
    expect(storage.connectedConnectorId.get('solana')).toBe('app.phantom')
    expect(storage.connectedConnectorId.get('bip122')).toBeUndefined()
    expect(storage.connectionStatus.get()).toBe('connected')
    expect(storage.connectedNamespaces.get()).toEqual(['eip155', 'solana'])
    expect(storage.connections.get('solana')).toEqual([
      { connectorId: 'app.phantom', accounts: [] },
    ])
    expect(storage.connections.get('eip155')).toBeUndefined()
    storage.connectedConnectorId.remove('solana')
    expect(storage.connectedConnectorId.get('solana')).toBeUndefined()
    expect(storage.connectedConnectorId.get('eip155')).toBe('io.metamask')
  })

  it('reads a tampered status, namespace list, connector or connection list as missing or cleaned', () => {
    const storage = stored({
      connection_status: '"hacked"',
      connected_namespaces: '["eip155","__proto__","solana",7]',
      'connected_connector_id:eip155': '{"id":"io.metamask"}',
      'connections:eip155': '{"accounts":[]}',
    })
    expect(storage.connectionStatus.get()).toBeUndefined()
    // The namespaces that are real stay; the rest is dropped.
    expect(storage.connectedNamespaces.get()).toEqual(['eip155', 'solana'])
    expect(storage.connectedConnectorId.get('eip155')).toBeUndefined()
    expect(storage.connections.get('eip155')).toBeUndefined()
  })

  it('reads each connection status the SDK writes', () => {
    for (const status of ['connected', 'disconnected', 'connecting', 'reconnecting']) {
      expect(stored({ connection_status: JSON.stringify(status) }).connectionStatus.get()).toBe(
        status,
      )
    }
  })
})
