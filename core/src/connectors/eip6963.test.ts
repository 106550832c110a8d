import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseAnnouncement } from './eip6963.js'

const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u
const provider = { request: async () => null }
const info = {
  uuid: '350670db-19fa-4704-a166-e52e178b59d2',
  name: 'MetaMask',
  icon: '',
  rdns: 'io.metamask',
}

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('EIP-6963 announcements', { timeout: 30_000 }, () => {
  it.each([
    ['Meta\u202EksaM', 'MetaksaM'],
    ['MetaMask\u200B\u200B', 'MetaMask'],
    ['\u0000\u0001Wallet', 'Wallet'],
    [`Wallet${'!'.repeat(100)}`, `Wallet${'!'.repeat(58)}`],
  ])('cleans the name %j to %j', (name, expected) => {
    expect(parseAnnouncement({ info: { ...info, name }, provider })?.info.name).toBe(expected)
  })

  it.each([
    ['a 5 MB uuid', { uuid: 'x'.repeat(5_000_000) }],
    ['a uuid with spaces', { uuid: 'a b' }],
    ['an rdns label over 63 characters', { rdns: `${'a'.repeat(250)}.io` }],
    ['an rdns of hyphens', { rdns: '-.-' }],
    ['a name with nothing visible', { name: '\u202E\u200B' }],
  ])('refuses %s', (_, change) => {
    expect(parseAnnouncement({ info: { ...info, ...change }, provider })).toBeUndefined()
  })

  it('refuses an announcement whose getters throw', () => {
    const detail = {
      get info(): never {
        throw new Error('hostile getter')
      },
      provider,
    }
    expect(parseAnnouncement(detail)).toBeUndefined()
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('hostile proxy')
        },
      },
    )
    expect(parseAnnouncement({ info, provider: trap })).toBeUndefined()
  })

  it('for any detail: nothing, or clean bounded metadata and the provider as announced', () => {
    const hostile = fc.oneof(
      fc.anything(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('\u202E', 'io.metamask', 'javascript:alert(1)', 'data:image/png;base64,x'),
    )
    fc.assert(
      fc.property(
        fc.record({
          uuid: fc.oneof(fc.uuid(), hostile),
          name: fc.oneof(fc.constant('MetaMask'), hostile),
          icon: fc.oneof(fc.webUrl(), hostile),
          rdns: fc.oneof(fc.domain(), hostile),
        }),
        fc.oneof(fc.constant(provider), fc.anything()),
        (announced, announcedProvider) => {
          const parsed = parseAnnouncement({ info: announced, provider: announcedProvider })
          if (!parsed) return
          expect(parsed.provider).toBe(announcedProvider)
          expect(parsed.info.uuid).toMatch(/^[\x21-\x7e]{1,128}$/)
          expect(parsed.info.name.length).toBeGreaterThan(0)
          expect(Array.from(parsed.info.name).length).toBeLessThanOrEqual(64)
          expect(HIDDEN.test(parsed.info.name)).toBe(false)
          expect(parsed.info.rdns.length).toBeLessThanOrEqual(255)
          for (const label of parsed.info.rdns.split('.')) {
            expect(label).toMatch(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i)
          }
          expect(
            parsed.info.icon === '' || /^(https?:|data:image\/|blob:)/i.test(parsed.info.icon),
          ).toBe(true)
        },
      ),
      { numRuns: 1_000 },
    )
    fc.assert(
      fc.property(fc.anything(), (detail) => void parseAnnouncement(detail)),
      { numRuns: 1_000 },
    )
  })
})
