import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cleanAccountName, cleanDisplayText, isCleanText } from './text.js'

/** Everything the cleaning rule removes: nothing of it may survive, whatever the input. */
const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u

/** Strings rich in what hostile names are made of, mixed with ordinary text. */
const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '\u202E',
          '\u202D',
          '\u2066',
          '\u2067',
          '\u2068',
          '\u2069',
          '\u200E',
          '\u200F',
          '\u061C',
          '\u200B',
          '\u200C',
          '\u200D',
          '\u2060',
          '\uFEFF',
          '\u00AD',
          '\u0000',
          '\u0007',
          '\u001B',
          '\u007F',
          '\u0085',
          '\u009B',
          '\t',
          '\n',
          '\r',
          '\u2028',
          '\u00A0',
          '\u3000',
          '\u3164',
          '\uFE0F',
          '\u{E0041}',
          '\uD800',
          '\uDFFF',
          '\uFFFF',
          '\uE000',
          '\u0301',
          'e\u0301',
          '\u0300\u0301\u0302\u0303\u0304\u0305\u0306',
          ' ',
          '.',
        ),
        fc.string({ minLength: 1, maxLength: 4 }),
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join('')),
)

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('cleanDisplayText', { timeout: 30_000 }, () => {
  it.each([
    ['Meta\u202EksaM', 'MetaksaM'],
    ['MetaMask\u200B\u200B', 'MetaMask'],
    ['\u0000\u0001Wallet', 'Wallet'],
    ['\u2066Trust\u2069 Wallet', 'Trust Wallet'],
    ['  Rain \n\t bow  ', 'Rain bow'],
    // Every line break keeps the words apart; a letter V is a letter.
    ['Rain\vbow\fVIVID\r\nOK\u2028now', 'Rain bow VIVID OK now'],
    ['Zero\u200Dwidth\u2060joiners\uFEFF', 'Zerowidthjoiners'],
    ['e\u0301', '\u00E9'],
    ['\u3164', undefined],
    ['\u202E\u200B \u00A0', undefined],
    ['', undefined],
  ])('cleans %j to %j', (input, expected) => {
    expect(cleanDisplayText(input)).toBe(expected)
  })

  it('keeps ordinary names of every script as they are', () => {
    for (const name of [
      'MetaMask',
      'Trust Wallet',
      'Кошелёк',
      '钱包',
      'محفظة',
      'ウォレット',
      '🦊 Fox',
    ]) {
      expect(cleanDisplayText(name)).toBe(name)
    }
  })

  it('cuts at 64 code points by default, never inside a surrogate pair', () => {
    expect(cleanDisplayText('a'.repeat(100))).toBe('a'.repeat(64))
    expect(cleanDisplayText('🦊'.repeat(100))).toBe('🦊'.repeat(64))
    expect(cleanDisplayText('x'.repeat(300), 253)).toHaveLength(253)
  })

  it('piles of combining marks are cut to 4', () => {
    expect(cleanDisplayText(`Q${'\u0301\u0300'.repeat(50)}`)).toBe('Q\u0301\u0300\u0301\u0300')
  })

  it('reads a bounded prefix of a huge string: what lies past it is never looked at', () => {
    expect(cleanDisplayText('W'.repeat(5_000_000))).toBe('W'.repeat(64))
    // 64 code points × 8 UTF-16 units are read: the name after 5 MB of zero-width spaces is not.
    expect(cleanDisplayText(`${'\u200B'.repeat(512)}Wallet`)).toBeUndefined()
    expect(cleanDisplayText(`${'\u200B'.repeat(506)}Wallet`)).toBe('Wallet')
  })

  it('refuses what is not a string', () => {
    for (const value of [null, undefined, 1, {}, [], true, Symbol('x')]) {
      expect(cleanDisplayText(value)).toBeUndefined()
    }
  })

  it('gives clean, bounded, idempotent text for any input', () => {
    fc.assert(
      fc.property(hostileText, fc.integer({ min: 1, max: 300 }), (value, max) => {
        const out = cleanDisplayText(value, max)
        if (out === undefined) return
        expect(out.length).toBeGreaterThan(0)
        expect(Array.from(out).length).toBeLessThanOrEqual(max)
        expect(HIDDEN.test(out)).toBe(false)
        expect(out).toBe(out.trim())
        expect(out).not.toMatch(/\s\s/u)
        expect(out).not.toMatch(/[^\S ]/u)
        expect(out).not.toMatch(/\p{M}{5}/u)
        expect(out).toBe(out.normalize('NFC'))
        expect(cleanDisplayText(out, max)).toBe(out)
        expect(isCleanText(out, max)).toBe(true)
      }),
      { numRuns: 1_000 },
    )
  })

  it('never throws, whatever the value', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const out = cleanDisplayText(value)
        expect(out === undefined || typeof out === 'string').toBe(true)
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('cleanAccountName', { timeout: 30_000 }, () => {
  it.each([
    ['vitalik.eth', 'vitalik.eth'],
    ['alice.reown.id', 'alice.reown.id'],
    ['🦊.eth', '🦊.eth'],
    ['vitalik.eth\u202E', 'vitalik.eth'],
  ])('keeps %j as %j', (input, expected) => {
    expect(cleanAccountName(input)).toBe(expected)
  })

  it.each(['null', 'undefined', 'vitalik', '.eth', 'vitalik.', 'a..b', 'two words.eth', '', 42])(
    'refuses %j',
    (input) => {
      expect(cleanAccountName(input)).toBeUndefined()
    },
  )

  it('gives a clean dotted name of at most 253 characters, or nothing, for any input', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.anything(), fc.domain()), (value) => {
        const out = cleanAccountName(value)
        if (out === undefined) return
        expect(Array.from(out).length).toBeLessThanOrEqual(253)
        expect(HIDDEN.test(out)).toBe(false)
        expect(out).not.toMatch(/\s/u)
        expect(out.split('.').length).toBeGreaterThanOrEqual(2)
        expect(out.split('.').every((label) => label.length > 0)).toBe(true)
        expect(cleanAccountName(out)).toBe(out)
      }),
      { numRuns: 1_000 },
    )
  })
})
