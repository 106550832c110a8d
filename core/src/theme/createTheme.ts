import { atom, computed, type ReadableAtom } from 'nanostores'
import { PorticoError } from '../errors/index.js'
import { THEME_ACCENT, THEME_BACKGROUND } from './constants.js'
import type { ThemeMode, ThemeVariables } from './types.js'

/** The theme as `--portico-*` CSS custom properties. */
export type CssVariables = Readonly<Record<`--portico-${string}`, string>>

const FOREGROUND = { light: '#141414', dark: '#e4e7e7' } as const
const FOREGROUND_MUTED = { light: '#6b6f73', dark: '#9a9e9e' } as const
const SURFACE = { light: '#f3f3f3', dark: '#1e1f1f' } as const
const BORDER = { light: 'rgba(0,0,0,0.12)', dark: 'rgba(255,255,255,0.12)' } as const
const ERROR = { light: '#d92d20', dark: '#f97066' } as const
const SUCCESS = { light: '#12b76a', dark: '#32d583' } as const

/** The theme as CSS custom properties, defaults from spec §9 with the app's overrides on top. */
export function themeToCssVariables(mode: ThemeMode, variables: ThemeVariables): CssVariables {
  return {
    '--portico-accent': variables.accent ?? THEME_ACCENT[mode],
    '--portico-background': variables.background ?? THEME_BACKGROUND[mode],
    '--portico-foreground': variables.foreground ?? FOREGROUND[mode],
    '--portico-foreground-muted': FOREGROUND_MUTED[mode],
    '--portico-surface': SURFACE[mode],
    '--portico-border': BORDER[mode],
    '--portico-error': ERROR[mode],
    '--portico-success': SUCCESS[mode],
    '--portico-font-family':
      variables.fontFamily ?? 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    '--portico-border-radius': variables.borderRadius ?? '16px',
    '--portico-z-index': String(variables.zIndex ?? 999),
  }
}

/** Light or dark mode and the app's overrides (`client.theme`). */
export type ThemeFeature = {
  $themeMode: ReadableAtom<ThemeMode>
  $themeVariables: ReadableAtom<ThemeVariables>
  $cssVariables: ReadableAtom<CssVariables>
  setThemeMode(mode: ThemeMode): void
  setThemeVariables(variables: ThemeVariables): void
}

export function createTheme(initial: {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}): ThemeFeature {
  const $themeMode = atom<ThemeMode>(initial.themeMode)
  const $themeVariables = atom<ThemeVariables>(initial.themeVariables)
  return {
    $themeMode,
    $themeVariables,
    $cssVariables: computed([$themeMode, $themeVariables], themeToCssVariables),
    setThemeMode(mode) {
      if (mode !== 'light' && mode !== 'dark') {
        throw new PorticoError('INVALID_OPTIONS', `themeMode must be 'light' or 'dark'`)
      }
      $themeMode.set(mode)
    },
    setThemeVariables(variables) {
      $themeVariables.set({ ...$themeVariables.get(), ...variables })
    },
  }
}
