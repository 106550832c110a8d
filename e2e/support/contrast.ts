import type { Locator } from 'playwright-core'

export type TextContrast = {
  text: string
  color: string
  background: string
  ratio: number
  fontSize: number
}

/**
 * The WCAG contrast of every visible text inside `root` against the background behind it (the
 * first ancestor with a background colour, semi-transparent ones composited over what is behind
 * them). Runs in the page: computed styles are the browser's, host CSS included.
 */
export function textContrasts(root: Locator): Promise<TextContrast[]> {
  return root.evaluate((element) => {
    type Rgba = [number, number, number, number]
    const parse = (value: string): Rgba => {
      const match = value.match(/rgba?\(([^)]+)\)/)
      if (!match?.[1]) return [0, 0, 0, 0]
      const parts = match[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number)
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1]
    }
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3] + bottom[3] * (1 - top[3])
      if (a === 0) return [0, 0, 0, 0]
      const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a
      return [mix(0), mix(1), mix(2), a]
    }
    const backgroundOf = (node: Element | null): Rgba => {
      if (!node) return [255, 255, 255, 1]
      const own = parse(getComputedStyle(node).backgroundColor)
      if (own[3] >= 1) return own
      return over(own, backgroundOf(node.parentElement))
    }
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    const out: TextContrast[] = []
    for (const node of [element, ...element.querySelectorAll('*')]) {
      const text = [...node.childNodes]
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('')
        .trim()
      if (!text) continue
      const rect = node.getBoundingClientRect()
      const style = getComputedStyle(node)
      // Visually hidden text (1 px, clipped) is for screen readers, not eyes.
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden') continue
      const background = backgroundOf(node)
      const color = over(parse(style.color), background)
      const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a)
      out.push({
        text,
        color: style.color,
        background: `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`,
        ratio: Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100,
        fontSize: Number.parseFloat(style.fontSize),
      })
    }
    return out
  })
}
