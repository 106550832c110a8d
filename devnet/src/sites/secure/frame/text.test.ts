import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cleanText } from './text.js'

/** Whether a character is one the approval must never show (controls, bidi, invisible). */
const isHidden = (c: string) => {
  const code = c.codePointAt(0) as number
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x61c ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0xfeff
  )
}
const HIDDEN = { test: (text: string) => [...text].some(isHidden) }

describe('display text in the approval', () => {
  it('shows a right-to-left override where it was, so a name cannot pose as an origin', () => {
    // "‮moc.elppa" renders as "apple.com" reversed around it without the override removed.
    expect(cleanText('Uniswap \u202Emoc.elppa')).toBe('Uniswap \ufffdmoc.elppa')
    expect(cleanText('a\u200Bb\u2066c\u2069')).toBe('a\ufffdb\ufffdc\ufffd')
  })

  it('keeps lines only where lines are shown, and cuts to the limit with an ellipsis', () => {
    expect(cleanText('one\ntwo', { multiline: true })).toBe('one\ntwo')
    expect(cleanText('one\ntwo')).toBe('one\ufffdtwo')
    expect(cleanText('abcdef', { max: 4 })).toBe('abc…')
    expect(cleanText('abcd', { max: 4 })).toBe('abcd')
  })

  it('never leaves a bidi, invisible or control character, and is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.boolean(), (text, multiline) => {
        const once = cleanText(text, { multiline })
        const tested = multiline ? once.replace(/[\n\t]/g, '') : once
        expect(HIDDEN.test(tested)).toBe(false)
        expect(cleanText(once, { multiline })).toBe(once)
        // Only replaced, never dropped: the user sees that something was there.
        expect([...once].length).toBe([...text].length)
      }),
      { numRuns: 1000 },
    )
  })

  it('leaves printable text as it is (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'abc XYZ 0x12.:/-_é中'), maxLength: 60 }),
        (text) => {
          expect(cleanText(text)).toBe(text)
        },
      ),
      { numRuns: 1000 },
    )
  })
})
