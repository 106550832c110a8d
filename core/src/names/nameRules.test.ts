import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkName, isNameLike, NAME_RULE_MESSAGE } from './nameRules.js'

describe('checkName', () => {
  it('accepts 4+ letters, digits or hyphens, with or without the suffix', () => {
    expect(checkName('alice')).toEqual({ valid: true, label: 'alice', name: 'alice.reown.id' })
    expect(checkName('Bob-42.reown.id')).toEqual({
      valid: true,
      label: 'bob-42',
      name: 'bob-42.reown.id',
    })
  })

  it('accepts exactly 4 characters and a name typed with blanks around it', () => {
    expect(checkName('abcd')).toEqual({ valid: true, label: 'abcd', name: 'abcd.reown.id' })
    expect(checkName('  Alice.reown.id \n')).toEqual({
      valid: true,
      label: 'alice',
      name: 'alice.reown.id',
    })
    // The rule's message, as the UI looks it up.
    expect(checkName('abc')).toEqual({ valid: false, message: { key: 'names.rule' } })
  })

  it.each([
    ['3 characters', 'bob'],
    ['a space', 'al ice'],
    ['an emoji', 'ali🙂ce'],
    ['a right-to-left mark', 'ali\u200fce'],
    ['an accented letter', 'álice'],
    ['an underscore', 'ali_ce'],
    ['empty', ''],
  ])('refuses %s with the rule', (_why, name) => {
    expect(checkName(name)).toEqual({ valid: false, message: NAME_RULE_MESSAGE })
  })

  it('only ever returns ASCII labels of 4+ allowed characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (input) => {
        const result = checkName(input)
        if (result.valid) expect(result.label).toMatch(/^[a-z0-9-]{4,}$/)
      }),
    )
  })
})

const RUNS = { numRuns: 1_000 }
/** Whitespace `trim` removes, as a paste may bring along. */
const padding = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u3000', '\ufeff'),
  maxLength: 3,
})
const SUFFIXES = ['.reown.id', '.wcn.id']

describe('isNameLike', { timeout: 30_000 }, () => {
  it('a name ends with .reown.id or the legacy .wcn.id, in any case, padded or not', () => {
    for (const name of [
      'alice.reown.id',
      'ALICE.REOWN.ID',
      '  bob-42.Reown.Id\n',
      'carol.wcn.id',
      'Carol.WCN.ID ',
      // Only the suffix says it: whether the label is a valid one is checkName's business.
      'x.reown.id',
      '.reown.id',
      '.wcn.id',
      'a b.reown.id',
    ]) {
      expect(isNameLike(name), name).toBe(true)
    }
  })

  it.each([
    ['an address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['a label alone', 'alice'],
    ['an ENS name', 'vitalik.eth'],
    ['empty', ''],
    ['spaces', '   '],
    ['the suffix without its dot', 'alicereown.id'],
    ['the suffix cut short', 'alice.reown.i'],
    ['the suffix with a trailing dot', 'alice.reown.id.'],
    ['the suffix followed by more', 'alice.reown.id.evil.com'],
    ['the suffix with a space inside', 'alice.reown .id'],
    ['a look-alike zone', 'alice.reown.io'],
    ['a zero-width space after it', 'alice.reown.id\u200b'],
    ['a Cyrillic o', 'alice.re\u043ewn.id'],
    ['the legacy suffix cut short', 'alice.wcn.i'],
  ])('refuses %s', (_why, text) => {
    expect(isNameLike(text)).toBe(false)
  })

  it('any text ending with a suffix, in any case and padding, is a name (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.mixedCase(fc.constantFrom(...SUFFIXES)),
        padding,
        padding,
        (label, suffix, before, after) => {
          expect(isNameLike(`${before}${label}${suffix}${after}`)).toBe(true)
        },
      ),
      RUNS,
    )
  })

  it('text that, trimmed and in lower case, ends with neither suffix is no name (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 60 }),
          fc.string({ unit: fc.constantFrom(...'.reownwcid '), maxLength: 16 }),
          fc
            .tuple(
              fc.string({ maxLength: 10 }),
              fc.constantFrom(...SUFFIXES),
              fc.string({ minLength: 1, maxLength: 5 }),
            )
            .map((parts) => parts.join('')),
        ),
        (text) => {
          const lower = text.trim().toLowerCase()
          const named = SUFFIXES.some((suffix) => lower.endsWith(suffix))
          expect(isNameLike(text)).toBe(named)
        },
      ),
      RUNS,
    )
  })

  it('an EVM address is never a name (property)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...'0123456789abcdefABCDEF'),
          minLength: 40,
          maxLength: 40,
        }),
        (hex) => {
          expect(isNameLike(`0x${hex}`)).toBe(false)
        },
      ),
      RUNS,
    )
  })
})
