import { describe, expect, it } from 'vitest'
import { DEFAULT_ALLOWED_ORIGINS, originMatches } from './origins.js'

describe('origin patterns', () => {
  const allowed = (origin: string) => DEFAULT_ALLOWED_ORIGINS.some((p) => originMatches(origin, p))

  it('let any loopback port through by default, and nothing else', () => {
    expect(allowed('http://127.0.0.1:5173')).toBe(true)
    expect(allowed('http://localhost:61000')).toBe(true)
    expect(allowed('https://localhost:5173')).toBe(false)
    expect(allowed('http://127.0.0.1.evil.test:80')).toBe(false)
    expect(allowed('http://localhost:5173/path')).toBe(false)
  })

  it('treat every other character literally', () => {
    expect(originMatches('https://app.example.com', 'https://*.example.com')).toBe(true)
    expect(originMatches('https://appXexample.com', 'https://app.example.com')).toBe(false)
  })
})
