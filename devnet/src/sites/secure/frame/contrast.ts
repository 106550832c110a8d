// The app's theme reaches the frame (SYNC_THEME), but inside the approval nothing the app sends
// may make the text unreadable: colours that would leave a text/background pair under WCAG's
// 4.5:1 are ignored, and only the colour variables the frame uses are taken at all.

export type Rgb = { r: number; g: number; b: number }
export type ThemeMode = 'light' | 'dark'

/** The frame's own colours per mode (also written into its stylesheet, see pages.ts). */
export const FRAME_PALETTES: Record<ThemeMode, Record<FrameColor, string>> = {
  dark: {
    '--portico-accent': '#3b5bdb',
    '--portico-background': '#121313',
    '--portico-foreground': '#e4e7e7',
    '--portico-muted': '#9a9fa3',
    '--portico-border': '#2a2c2c',
    '--portico-surface': '#1b1d1d',
  },
  light: {
    '--portico-accent': '#3b5bdb',
    '--portico-background': '#ffffff',
    '--portico-foreground': '#141414',
    '--portico-muted': '#5c6166',
    '--portico-border': '#dfe1e4',
    '--portico-surface': '#f4f5f6',
  },
}

export type FrameColor =
  | '--portico-accent'
  | '--portico-background'
  | '--portico-foreground'
  | '--portico-muted'
  | '--portico-border'
  | '--portico-surface'

export const FRAME_COLORS = Object.keys(FRAME_PALETTES.dark) as FrameColor[]

/** WCAG 2's minimum for body text. */
export const MIN_CONTRAST = 4.5
/** The Approve button's text colour, fixed: the accent must carry it. */
export const APPROVE_TEXT = '#ffffff'

/** The text/background pairs the approval draws (text first). */
const PAIRS: [FrameColor | 'approve-text', FrameColor][] = [
  ['--portico-foreground', '--portico-background'],
  ['--portico-foreground', '--portico-surface'],
  ['--portico-muted', '--portico-background'],
  ['approve-text', '--portico-accent'],
]

/**
 * An opaque colour from `#rgb`, `#rrggbb` or `rgb(r, g, b)` / `rgba(r, g, b, 1)` (what a browser
 * computes); undefined for anything else, a transparent one included.
 */
export function parseColor(value: string): Rgb | undefined {
  const text = value.trim().toLowerCase()
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)
  if (hex) {
    const digits = hex[1] as string
    const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits
    return {
      r: Number.parseInt(full.slice(0, 2), 16),
      g: Number.parseInt(full.slice(2, 4), 16),
      b: Number.parseInt(full.slice(4, 6), 16),
    }
  }
  const rgb =
    /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(1|1\.0+|0?\.\d+|0))?\s*\)$/.exec(
      text,
    )
  if (!rgb) return undefined
  if (rgb[4] !== undefined && Number(rgb[4]) !== 1) return undefined
  const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number) as [number, number, number]
  if (r > 255 || g > 255 || b > 255) return undefined
  return { r, g, b }
}

function luminance({ r, g, b }: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/**
 * The colour variables the frame applies: the app's values (already computed by the browser to
 * `rgb()` or given as hex) over the mode's palette, minus any value that is not an opaque colour
 * or that leaves a pair the approval draws under `MIN_CONTRAST`. Other variables are dropped.
 */
export function readableTheme(
  mode: ThemeMode,
  requested: Readonly<Record<string, string>>,
): Partial<Record<FrameColor, string>> {
  const palette = FRAME_PALETTES[mode]
  const kept = new Map<FrameColor, Rgb>()
  const given = new Map<FrameColor, string>()
  for (const name of FRAME_COLORS) {
    const value = requested[name]
    const color = value === undefined ? undefined : parseColor(value)
    if (value !== undefined && color) {
      kept.set(name, color)
      given.set(name, value)
    }
  }
  const colorOf = (name: FrameColor | 'approve-text'): Rgb =>
    name === 'approve-text'
      ? (parseColor(APPROVE_TEXT) as Rgb)
      : (kept.get(name) ?? (parseColor(palette[name]) as Rgb))
  // Each failing pair drops the app's values in it, until every pair reads (the palette's own
  // pairs all do, so this ends within one pass per variable).
  for (let pass = 0; pass <= FRAME_COLORS.length; pass++) {
    const failing = PAIRS.find(
      ([text, back]) => contrastRatio(colorOf(text), colorOf(back)) < MIN_CONTRAST,
    )
    if (!failing) break
    for (const name of failing) if (name !== 'approve-text') kept.delete(name)
  }
  return Object.fromEntries(
    [...kept.keys()].map((name) => [name, given.get(name) as string]),
  ) as Partial<Record<FrameColor, string>>
}
