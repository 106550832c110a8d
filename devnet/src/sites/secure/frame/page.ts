import type { AppPayloads } from '@portico/core/internal'
import { FRAME_CONFIG_ELEMENT_ID, type FrameConfig } from '../pages.js'
import { FRAME_COLORS, readableTheme } from './contrast.js'

// The frame's page: its configuration, the window that embeds it, and the app's theme.

export const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

export function readConfig(): FrameConfig {
  const text = document.getElementById(FRAME_CONFIG_ELEMENT_ID)?.textContent
  if (!text) throw new Error('the frame page has no configuration')
  return JSON.parse(text) as FrameConfig
}

/**
 * The embedding window's origin. Chromium and Safari report it in `location.ancestorOrigins`;
 * elsewhere the referrer's origin stands in (apps must not send `Referrer-Policy: no-referrer`).
 */
export function parentOrigin(): string | undefined {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? undefined
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

/** A CSS colour as the browser computes it (`rgb(…)`), or '' when it is not one. */
function computedColor(value: string): string {
  const probe = document.createElement('span')
  probe.style.color = value
  if (probe.style.color === '') return ''
  document.body.append(probe)
  const computed = getComputedStyle(probe).color
  probe.remove()
  return computed
}

/**
 * The app's theme: the mode and the colour variables the frame uses, set as values, never as
 * markup, and only those that keep every text of the approval readable (contrast.ts).
 */
export function applyTheme(theme: AppPayloads['SYNC_THEME']) {
  const root = document.documentElement
  const mode = theme.themeMode === 'light' ? 'light' : 'dark'
  root.dataset.theme = mode
  // Only variables the app set last time are removed; setProperty takes values, not markup.
  for (const name of [...root.style]) {
    if (name.startsWith('--portico-')) root.style.removeProperty(name)
  }
  const computed: Record<string, string> = {}
  for (const [name, value] of Object.entries(theme.themeVariables ?? {})) {
    if ((FRAME_COLORS as string[]).includes(name)) computed[name] = computedColor(String(value))
  }
  for (const [name, value] of Object.entries(readableTheme(mode, computed))) {
    root.style.setProperty(name, value)
  }
}
