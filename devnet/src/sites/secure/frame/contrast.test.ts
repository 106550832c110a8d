import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  APPROVE_TEXT,
  contrastRatio,
  FRAME_COLORS,
  FRAME_PALETTES,
  type FrameColor,
  MIN_CONTRAST,
  parseColor,
  type Rgb,
  readableTheme,
} from './contrast.js'

const hex = fc
  .tuple(
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
  )
  .map(([r, g, b]) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`)

function ratios(mode: 'light' | 'dark', applied: Partial<Record<FrameColor, string>>) {
  const color = (name: FrameColor) => parseColor(applied[name] ?? FRAME_PALETTES[mode][name]) as Rgb
  return [
    contrastRatio(color('--portico-foreground'), color('--portico-background')),
    contrastRatio(color('--portico-foreground'), color('--portico-surface')),
    contrastRatio(color('--portico-muted'), color('--portico-background')),
    contrastRatio(parseColor(APPROVE_TEXT) as Rgb, color('--portico-accent')),
  ]
}

describe("the app's theme inside the approval", () => {
  it('ignores colours that make the text invisible (the review: foreground = background)', () => {
    const applied = readableTheme('dark', {
      '--portico-foreground': 'rgb(18, 19, 19)',
      '--portico-muted': 'rgb(18, 19, 19)',
      '--portico-accent': 'rgb(59, 91, 219)',
    })
    expect(applied).toEqual({ '--portico-accent': 'rgb(59, 91, 219)' })
  })

  it('keeps a readable theme whole, and drops variables the frame does not draw with', () => {
    const theme = {
      '--portico-background': '#ffffff',
      '--portico-foreground': '#000000',
      '--portico-surface': '#eeeeee',
      '--portico-muted': '#333333',
      '--portico-accent': '#0b3d91',
      '--portico-border': '#cccccc',
      '--portico-font-size-master': '0px',
    }
    const { '--portico-font-size-master': _, ...colours } = theme
    expect(readableTheme('dark', theme)).toEqual(colours)
  })

  it('refuses transparent and unparsable colours', () => {
    expect(parseColor('rgba(0, 0, 0, 0)')).toBeUndefined()
    expect(parseColor('rgba(0, 0, 0, 0.5)')).toBeUndefined()
    expect(parseColor('transparent')).toBeUndefined()
    expect(parseColor('rgb(300, 0, 0)')).toBeUndefined()
    expect(parseColor('rgba(1, 2, 3, 1)')).toEqual({ r: 1, g: 2, b: 3 })
    expect(parseColor('#abc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc })
    expect(readableTheme('light', { '--portico-foreground': 'rgba(0, 0, 0, 0.01)' })).toEqual({})
  })

  it('pins WCAG: white on black is 21, the palettes read at 4.5 or more', () => {
    expect(contrastRatio({ r: 255, g: 255, b: 255 }, { r: 0, g: 0, b: 0 })).toBeCloseTo(21, 5)
    expect(MIN_CONTRAST).toBe(4.5)
    for (const mode of ['light', 'dark'] as const) {
      for (const ratio of ratios(mode, {})) expect(ratio).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('whatever the app sends, every pair the approval draws reads at 4.5:1 (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('light' as const, 'dark' as const),
        fc.dictionary(
          fc.constantFrom(...FRAME_COLORS),
          fc.oneof(hex, fc.string({ maxLength: 12 })),
        ),
        (mode, requested) => {
          const applied = readableTheme(mode, requested)
          for (const ratio of ratios(mode, applied))
            expect(ratio).toBeGreaterThanOrEqual(MIN_CONTRAST)
          for (const [name, value] of Object.entries(applied)) expect(requested[name]).toBe(value)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('reads every colour it writes (property)', () => {
    fc.assert(
      fc.property(hex, (value) => {
        const rgb = parseColor(value) as Rgb
        expect(parseColor(`rgb(${rgb.r}, ${rgb.g}, ${rgb.b})`)).toEqual(rgb)
      }),
      { numRuns: 1000 },
    )
  })
})
