/**
 * A generated icon: up to two initials on a colour picked from a hash of the seed, so the same
 * wallet or token always gets the same picture and neighbours look different.
 */
export function initialsSvg(label: string, seed = label): string {
  const hue = hash(seed) % 360
  const initials = initialsOf(label)
  const fontSize = initials.length > 2 ? 26 : 36
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(label)}">`,
    `<rect width="96" height="96" rx="24" fill="hsl(${hue} 62% 42%)"/>`,
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${fontSize}" font-weight="600" fill="#ffffff">${escapeXml(initials)}</text>`,
    '</svg>',
  ].join('')
}

/** "Aurora Wallet" → "AW"; a single word (a token symbol) → its first three characters. */
export function initialsOf(label: string): string {
  const words = label.split(/[\s_-]+/).filter((w) => w.length > 0)
  if (words.length === 0) return '?'
  if (words.length === 1) return (words[0] as string).slice(0, 3).toUpperCase()
  return words
    .slice(0, 2)
    .map((w) => w[0])
    .join('')
    .toUpperCase()
}

function hash(text: string): number {
  // FNV-1a: small, stable, good enough to spread hues.
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
