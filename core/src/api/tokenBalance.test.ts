import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tokenName, tokenSymbol } from './tokenBalance.js'

// Token names and symbols come from the balance and price APIs (and from the cache they are kept
// in): untrusted text shown as a row's title. Cleaned of what nobody means to show, and capped:
// a name at 64 code points, a symbol at 32.

const RUNS = { numRuns: 1_000 }
/** Everything the cleaning removes: controls, format characters (bidi ones too), and the like. */
const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u
/** Text a hostile API may send: controls, bidi overrides, zero-width and astral characters. */
const hostileText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      ...'\u0000\u0007\u001B\u007F\u0085\u009B\u061C\u200B\u200C\u200D\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u2028\u2029\uFEFF\u00AD\u3164 \t\n\r\u00A0\u0301',
      '\u{E0041}',
      '\u{1F98A}',
      '\uD800',
      '\uDFFF',
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 300,
})
/** Printable ASCII without spaces: text the cleaning leaves as it is. */
const plainText = (minLength: number, maxLength: number) =>
  fc
    .string({ unit: fc.constantFrom(...'ABCXYZabcxyz0189$-.()'), minLength, maxLength })
    .filter((text) => text.length > 0)

describe.each([
  ['tokenName', tokenName, 64],
  ['tokenSymbol', tokenSymbol, 32],
] as const)('%s', (_name, clean, cap) => {
  it('keeps a plain name as it is', () => {
    expect(clean('USDC')).toBe('USDC')
    expect(clean('Wrapped Ether')).toBe('Wrapped Ether')
    expect(clean('🦊 Fox')).toBe('🦊 Fox')
    expect(clean('Кошелёк')).toBe('Кошелёк')
  })

  it('drops controls and bidi characters and collapses whitespace', () => {
    expect(clean('US\u202EDC')).toBe('USDC')
    expect(clean('\u2066ETH\u2069')).toBe('ETH')
    expect(clean('US\u0000D\u001BC\u007F')).toBe('USDC')
    expect(clean('  Wrapped \n\t Ether  ')).toBe('Wrapped Ether')
    expect(clean('E\u200BT\u200DH\uFEFF')).toBe('ETH')
  })

  it('is nothing for text with nothing to show, or a value that is not text', () => {
    for (const empty of ['', ' ', '\u202E', '\u200B\u200B', '\n\t', '\u3164']) {
      expect(clean(empty), JSON.stringify(empty)).toBeUndefined()
    }
    for (const value of [null, undefined, 0, 1, true, {}, [], ['USDC'], new String('USDC')]) {
      expect(clean(value)).toBeUndefined()
    }
  })

  it('leaves the cap untouched, cuts one past it, in code points', () => {
    expect(clean('a'.repeat(cap))).toBe('a'.repeat(cap))
    expect(clean('a'.repeat(cap + 1))).toBe('a'.repeat(cap))
    expect(clean('a'.repeat(cap - 1))).toBe('a'.repeat(cap - 1))
    // An astral character is one code point (two UTF-16 units), and is never cut in half.
    expect(clean('🦊'.repeat(cap))).toBe('🦊'.repeat(cap))
    expect(clean('🦊'.repeat(cap + 1))).toBe('🦊'.repeat(cap))
    // Hidden characters do not count against the cap.
    expect(clean(`${'\u202E'.repeat(10)}${'b'.repeat(cap)}`)).toBe('b'.repeat(cap))
    // A cut that ends on a space leaves no trailing space.
    expect(clean(`${'c'.repeat(cap - 1)} d`)).toBe('c'.repeat(cap - 1))
  })

  it('plain text up to the cap comes back as it is; longer, as its first code points (property)', () => {
    fc.assert(
      fc.property(plainText(1, cap), (text) => {
        expect(clean(text)).toBe(text)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(plainText(cap + 1, cap * 3), (text) => {
        expect(clean(text)).toBe(text.slice(0, cap))
      }),
      RUNS,
    )
  })

  it('never keeps a control or bidi character, and is never longer than the cap (property)', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.anything()), (value) => {
        const out = clean(value)
        if (out === undefined) return
        expect(typeof out).toBe('string')
        expect(out.length).toBeGreaterThan(0)
        expect(Array.from(out).length).toBeLessThanOrEqual(cap)
        expect(HIDDEN.test(out)).toBe(false)
        expect(BIDI.test(out)).toBe(false)
        expect(out).toBe(out.trim())
        // What the cache keeps reads back the same.
        expect(clean(out)).toBe(out)
      }),
      RUNS,
    )
  })
})
