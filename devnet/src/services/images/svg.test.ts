import { describe, expect, it } from 'vitest'
import { initialsOf, initialsSvg } from './svg.js'

describe('generated icons', () => {
  it('draw initials, escaped, on a colour fixed by the seed', () => {
    expect(initialsOf('Aurora Wallet')).toBe('AW')
    expect(initialsOf('usdc')).toBe('USD')
    const svg = initialsSvg('<b>&"')
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('&#60;B&#62;')
    expect(initialsSvg('Aurora Wallet')).toBe(initialsSvg('Aurora Wallet'))
    expect(initialsSvg('Aurora Wallet')).not.toBe(initialsSvg('Aurora Wallet', 'other seed'))
  })
})
