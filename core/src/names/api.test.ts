import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nameProfile, nameSuggestion } from './api.js'

const RUNS = { numRuns: 1_000 }
const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u
const ACCOUNT_NAME = /^[^\s.]+(\.[^\s.]+)+$/u
const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const hostile = fc.oneof(
  fc.anything(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    'eip155:1:0xNOTANADDRESS<script>',
    '<img src=x onerror=alert(1)>',
    'alice.reown.id\u202E',
    'null',
    '__proto__',
    'javascript:alert(1)',
    ALICE,
  ),
)

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('name profiles', { timeout: 30_000 }, () => {
  it('keeps a good profile', () => {
    expect(
      nameProfile({
        name: 'alice.reown.id',
        addresses: { '60': { address: ALICE } },
        attributes: { avatar: 'https://img.example/a.png', bio: 'Hello' },
        registered: 1,
        updated: 2,
      }),
    ).toEqual({
      name: 'alice.reown.id',
      addresses: { '60': { address: ALICE } },
      attributes: { avatar: 'https://img.example/a.png', bio: 'Hello' },
      registered: 1,
      updated: 2,
    })
  })

  it('drops an Ethereum address that is no address, an unsafe avatar and prototype keys', () => {
    const profile = nameProfile(
      JSON.parse(
        JSON.stringify({
          name: 'alice.reown.id',
          addresses: { '60': { address: 'eip155:1:0xNOTANADDRESS<script>' } },
          attributes: { avatar: 'javascript:alert(1)', bio: 'Hi\u202E there' },
        }).replace('"bio"', '"__proto__":"x","bio"'),
      ),
    )
    expect(profile?.addresses).toEqual({})
    expect(profile?.attributes).toEqual({ bio: 'Hi there' })
    expect(Object.getPrototypeOf(profile?.attributes)).toBe(Object.prototype)
  })

  it("keeps other chains' addresses as printable ASCII of 1 to 128 characters", () => {
    const bitcoin = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
    const solana = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    const longest = 'a'.repeat(128)
    const profile = nameProfile({
      name: 'alice.reown.id',
      addresses: {
        '0': { address: bitcoin },
        '501': { address: solana },
        '2': { address: longest },
        '3': { address: 'b'.repeat(129) },
        '4': { address: 'with space' },
        '5': { address: 42 },
        '6': { address: '' },
        '7x': { address: bitcoin },
        '12345678901': { address: bitcoin },
      },
    })
    expect(profile?.addresses).toEqual({
      '0': { address: bitcoin },
      '2': { address: longest },
      '501': { address: solana },
    })
    // An EVM address under another coin type is kept as text; under 60 only a 0x address is.
    expect(
      nameProfile({ name: 'a.reown.id', addresses: { '60': { address: bitcoin } } })?.addresses,
    ).toEqual({})
  })

  it('reads at most 64 addresses and 64 attributes of a profile', () => {
    const many = <T>(make: (i: number) => T) =>
      Object.fromEntries(Array.from({ length: 100 }, (_, i) => [String(i), make(i)] as const))
    const profile = nameProfile({
      name: 'alice.reown.id',
      addresses: many((i) => ({ address: i === 60 ? ALICE : `addr${i}` })),
      attributes: Object.fromEntries(
        Object.entries(many((i) => `value ${i}`)).map(([key, value]) => [`k${key}`, value]),
      ),
    })
    expect(Object.keys(profile?.addresses ?? {})).toHaveLength(64)
    expect(Object.keys(profile?.attributes ?? {})).toHaveLength(64)
    expect(profile?.addresses['63']).toEqual({ address: 'addr63' })
    expect(profile?.addresses['64']).toBeUndefined()
  })

  it('refuses a profile whose name is no account name', () => {
    for (const name of ['null', 'alice', '', 42, null]) {
      expect(nameProfile({ name, addresses: {} })).toBeUndefined()
    }
  })

  it('for any input: nothing, or a clean name, checked addresses and clean attributes', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostile,
          fc.record({
            name: fc.oneof(fc.constant('alice.reown.id'), hostile),
            addresses: fc.oneof(
              fc.dictionary(
                fc.oneof(fc.constantFrom('60', '0', '501'), fc.string()),
                fc.oneof(fc.record({ address: hostile }), hostile),
              ),
              hostile,
            ),
            attributes: fc.oneof(
              fc.dictionary(fc.oneof(fc.constantFrom('avatar', 'bio'), fc.string()), hostile),
              hostile,
            ),
            registered: hostile,
          }),
        ),
        (value) => {
          const profile = nameProfile(value)
          if (!profile) return
          expect(profile.name).toMatch(ACCOUNT_NAME)
          expect(HIDDEN.test(profile.name)).toBe(false)
          for (const [coinType, { address }] of Object.entries(profile.addresses)) {
            expect(coinType).toMatch(/^\d{1,10}$/)
            if (coinType === '60') expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
            else expect(address).toMatch(/^[\x21-\x7e]{1,128}$/)
          }
          for (const [key, attribute] of Object.entries(profile.attributes)) {
            expect(key).toMatch(/^[A-Za-z0-9_.-]{1,64}$/)
            expect(HIDDEN.test(attribute)).toBe(false)
            if (key === 'avatar') expect(attribute).toMatch(/^(https?:|blob:|data:image\/)/i)
          }
          expect(profile.registered === undefined || Number.isFinite(profile.registered)).toBe(true)
          // What the name cache keeps reads back the same.
          expect(nameProfile(profile)).toEqual(profile)
        },
      ),
      RUNS,
    )
  })
})

describe('name suggestions', { timeout: 30_000 }, () => {
  it('for any input: nothing, or an account name and a boolean', () => {
    expect(nameSuggestion({ name: 'alice.reown.id', registered: true })).toEqual({
      name: 'alice.reown.id',
      registered: true,
    })
    fc.assert(
      fc.property(
        fc.oneof(
          hostile,
          fc.record({
            name: fc.oneof(fc.constant('alice.reown.id'), hostile),
            registered: hostile,
          }),
        ),
        (value) => {
          const out = nameSuggestion(value)
          if (!out) return
          expect(out.name).toMatch(ACCOUNT_NAME)
          expect(typeof out.registered).toBe('boolean')
        },
      ),
      RUNS,
    )
  })
})
