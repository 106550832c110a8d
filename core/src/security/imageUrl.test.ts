import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toSafeImageUrl } from './imageUrl.js'

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('toSafeImageUrl', { timeout: 30_000 }, () => {
  it('keeps http(s), blob and image data URLs', () => {
    expect(toSafeImageUrl('https://img.example/a.png')).toBe('https://img.example/a.png')
    expect(toSafeImageUrl('data:image/svg+xml;base64,PHN2Zy8+')).toBe(
      'data:image/svg+xml;base64,PHN2Zy8+',
    )
    expect(toSafeImageUrl('data:image/png;base64,iVBOR')).toBe('data:image/png;base64,iVBOR')
    expect(toSafeImageUrl('http://localhost:5173/icon.svg')).toBe('http://localhost:5173/icon.svg')
    expect(toSafeImageUrl('blob:https://app.example/5f0c')).toBe('blob:https://app.example/5f0c')
  })

  it('trims the spaces around an address or a data URL', () => {
    expect(toSafeImageUrl('  data:image/png;base64,iVBOR \n')).toBe('data:image/png;base64,iVBOR')
    expect(toSafeImageUrl(' https://img.example/a.png ')).toBe('https://img.example/a.png')
  })

  it('keeps an address of 4 096 characters and refuses one of 4 097', () => {
    const base = 'https://img.example/'
    const at = (length: number) => base + 'a'.repeat(length - base.length)
    expect(toSafeImageUrl(at(4_096))).toBe(at(4_096))
    expect(toSafeImageUrl(at(4_097))).toBeUndefined()
  })

  it('refuses an address with a user name or a password alone', () => {
    expect(toSafeImageUrl('https://user@img.example/a.png')).toBeUndefined()
    expect(toSafeImageUrl('https://:secret@img.example/a.png')).toBeUndefined()
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    '//no-scheme',
    '',
    'https://user:pass@img.example/a.png',
    `https://img.example/${'a'.repeat(5_000)}.png`,
    `data:image/png;base64,${'A'.repeat(1_000_000)}`,
  ])('refuses %j', (value) => {
    expect(toSafeImageUrl(value)).toBeUndefined()
  })

  it('returns a bounded URL of a safe scheme, unchanged by a second pass, for any input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.anything(),
          fc
            .tuple(
              fc.constantFrom('data:image/png;base64,', 'data:text/html,', 'blob:', ' javascript:'),
              fc.string(),
            )
            .map(([a, b]) => a + b),
        ),
        (value) => {
          const safe = toSafeImageUrl(value)
          if (safe === undefined) return
          expect(safe).toMatch(/^(https?:|blob:|data:image\/)/i)
          expect(safe.length).toBeLessThanOrEqual(/^data:/i.test(safe) ? 1_000_000 : 4_096)
          expect(toSafeImageUrl(safe)).toBe(safe)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})
