import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from './adapter.js'
import { isInitialState, withInitialState } from './initialState.js'

// The initial state is what the server read from the request's cookies, serialised into the page
// and deserialised by the app: anybody can edit a cookie, so the check must refuse what is not a
// record of strings, whatever it is.

const RUNS = { numRuns: 1_000 }

/** An object as `JSON.parse` makes it: `"__proto__"` and `"constructor"` become own keys. */
function parsed(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const body = entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`)
  return JSON.parse(`{${body.join(',')}}`)
}

const key = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '@portico/connections:eip155',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '',
  ),
)
const stringEntries = fc.uniqueArray(fc.tuple(key, fc.string({ unit: 'binary' })), {
  selector: ([k]) => k,
  maxLength: 10,
})
/** Any JSON value but a string: what a tampered cookie may hold in place of one. */
const notAString = fc
  .oneof(fc.jsonValue(), fc.constantFrom(null, 0, 1, true, false, [], {}, ['x'], { a: 'x' }))
  .filter((value) => typeof value !== 'string')

describe('isInitialState', { timeout: 30_000 }, () => {
  it('accepts what cookieToInitialState returns: a storage record of strings', () => {
    expect(isInitialState({ storage: {} })).toBe(true)
    expect(
      isInitialState({
        storage: {
          '@portico/connected_namespaces': '["eip155"]',
          '@portico/connections:eip155': '[]',
          '': '',
        },
      }),
    ).toBe(true)
  })

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', '{"storage":{}}'],
    ['a number', 1],
    ['a boolean', true],
    ['a function', () => ({ storage: {} })],
    ['an object without storage', {}],
    ['an array', [{ storage: {} }]],
    ['a null storage', { storage: null }],
    ['an undefined storage', { storage: undefined }],
    ['a string storage', { storage: 'a=b' }],
    ['a number storage', { storage: 1 }],
    ['an array storage', { storage: [] }],
    ['an array storage of strings', { storage: ['a', 'b'] }],
    ['a number value', { storage: { a: 1 } }],
    ['a null value', { storage: { a: null } }],
    ['an undefined value', { storage: { a: 'x', b: undefined } }],
    ['an object value', { storage: { a: { toString: () => 'x' } } }],
    ['a String object value', { storage: { a: new String('x') } }],
  ])('refuses %s', (_why, value) => {
    expect(isInitialState(value)).toBe(false)
  })

  it('accepts every record of strings, whatever the keys, and it reads back exactly', () => {
    fc.assert(
      fc.property(stringEntries, (entries) => {
        const storage = parsed(entries)
        const state = { storage }
        expect(isInitialState(state)).toBe(true)
        // The same state after the trip through the page (serialised, then parsed by the app).
        expect(isInitialState(JSON.parse(JSON.stringify(state)))).toBe(true)
        const seeded = withInitialState(createMemoryStorage(), state as never)
        for (const [k, v] of entries) expect(seeded.getItem(k)).toBe(v)
      }),
      RUNS,
    )
  })

  it('refuses a record with any one value that is not a string', () => {
    fc.assert(
      fc.property(stringEntries, fc.string(), notAString, fc.nat(), (entries, badKey, bad, at) => {
        const rest = entries.filter(([k]) => k !== badKey)
        const mixed: (readonly [string, unknown])[] = [...rest]
        mixed.splice(at % (rest.length + 1), 0, [badKey, bad])
        expect(isInitialState({ storage: parsed(mixed) })).toBe(false)
      }),
      RUNS,
    )
  })

  it('never throws on any value, and what it accepts seeds only strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ storage: fc.anything() }),
          fc.record({ storage: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.anything())) }),
        ),
        (value) => {
          const accepted = isInitialState(value)
          expect(typeof accepted).toBe('boolean')
          if (accepted) {
            const seeded = withInitialState(createMemoryStorage(), value)
            for (const k of Object.keys(value.storage)) {
              expect(typeof seeded.getItem(k)).toBe('string')
            }
          }
        },
      ),
      RUNS,
    )
  })
})

describe('withInitialState', () => {
  it("serves the request's entries until the client writes or removes that key", () => {
    const adapter = createMemoryStorage()
    adapter.setItem('@portico/active_namespace', '"solana"')
    adapter.setItem('@portico/connection_status', '"disconnected"')
    const storage = withInitialState(adapter, {
      storage: {
        '@portico/active_namespace': '"eip155"',
        '@portico/connection_status': '"connected"',
      },
    })
    expect(storage.getItem('@portico/active_namespace')).toBe('"eip155"')
    expect(storage.getItem('@portico/connection_status')).toBe('"connected"')

    storage.setItem('@portico/active_namespace', '"bip122"')
    expect(storage.getItem('@portico/active_namespace')).toBe('"bip122"')
    expect(adapter.getItem('@portico/active_namespace')).toBe('"bip122"')

    // A disconnect removes it: neither the request's entry nor the browser's copy is left.
    storage.removeItem('@portico/connection_status')
    expect(storage.getItem('@portico/connection_status')).toBeNull()
    expect(adapter.getItem('@portico/connection_status')).toBeNull()
  })
})
