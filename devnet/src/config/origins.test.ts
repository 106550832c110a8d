import { describe, expect, it } from 'vitest'
import { DEFAULT_ALLOWED_ORIGINS, originMatches } from './origins.js'

describe('origin patterns', () => {
  const allowed = (origin: string) => DEFAULT_ALLOWED_ORIGINS.some((p) => originMatches(origin, p))

  it('let any loopback port through by default, over http only', () => {
    expect(allowed('http://127.0.0.1:5173')).toBe(true)
    expect(allowed('http://localhost:61000')).toBe(true)
    expect(allowed('https://localhost:5173')).toBe(false)
    expect(allowed('http://example.test:5173')).toBe(false)
  })

  it('treat every character but * literally', () => {
    expect(originMatches('https://app.example.com', 'https://*.example.com')).toBe(true)
    expect(originMatches('https://appXexample.com', 'https://app.example.com')).toBe(false)
    expect(originMatches('https://app.example.com', 'https://app.example.com')).toBe(true)
  })
})
