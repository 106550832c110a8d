import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { originMatches } from '../../config/origins.js'
import { frameAncestors, toCspSource } from './csp.js'

describe('frame-ancestors from allowed origins', () => {
  it('keeps the devnet defaults as they are: * ports are CSP syntax', () => {
    expect(frameAncestors(['http://127.0.0.1:*', 'http://localhost:*'])).toEqual({
      directive: 'frame-ancestors http://127.0.0.1:* http://localhost:*',
      skipped: [],
    })
  })

  it("is 'none' for an empty list, and leaves out what CSP cannot say", () => {
    expect(frameAncestors([]).directive).toBe("frame-ancestors 'none'")
    const result = frameAncestors([
      'https://*.example.org',
      'http://127.0.0.1:80*',
      'https://app.example.org/path',
      'https://a*b.example.org',
      'http://127.0.0.1:5173; script-src *',
    ])
    expect(result.directive).toBe('frame-ancestors https://*.example.org')
    expect(result.skipped).toHaveLength(4)
  })

  it('never lets a pattern add another directive or source, whatever it is (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 6 }), (patterns) => {
        const { directive } = frameAncestors(patterns)
        expect(directive).not.toMatch(/[;,\n\r]/)
        const sources = directive.replace(/^frame-ancestors /, '').split(' ')
        for (const source of sources) {
          expect(source === "'none'" || patterns.some((p) => p.toLowerCase() === source)).toBe(true)
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('a kept source admits the same concrete origins as the devnet pattern (property)', () => {
    const host = fc.constantFrom('127.0.0.1', 'localhost', 'app.example.org', 'example.org')
    const port = fc.integer({ min: 1, max: 65_535 })
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https'),
        host,
        port,
        fc.boolean(),
        (scheme, h, p, wildcardPort) => {
          const pattern = `${scheme}://${h}:${wildcardPort ? '*' : p}`
          expect(toCspSource(pattern)).toBe(pattern)
          expect(originMatches(`${scheme}://${h}:${p}`, pattern)).toBe(true)
        },
      ),
      { numRuns: 1000 },
    )
  })
})
