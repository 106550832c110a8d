import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toSafeImageUrl } from './imageUrl.js'

describe('toSafeImageUrl', () => {
  it('keeps http(s), blob and image data URLs', () => {
    expect(toSafeImageUrl('https://img.example/a.png')).toBe('https://img.example/a.png')
    expect(toSafeImageUrl('data:image/svg+xml;base64,PHN2Zy8+')).toBe(
      'data:image/svg+xml;base64,PHN2Zy8+',
    )
    expect(toSafeImageUrl('data:image/png;base64,iVBOR')).toBe('data:image/png;base64,iVBOR')
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    '//no-scheme',
    '',
  ])('refuses %j', (value) => {
    expect(toSafeImageUrl(value)).toBeUndefined()
  })

  it('returns only safe schemes for any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.anything()), (value) => {
        const safe = toSafeImageUrl(value)
        if (safe !== undefined) expect(safe).toMatch(/^(https?:|blob:|data:image\/)/i)
      }),
    )
  })
})
