import { useStore } from '@nanostores/react'
import type { CssVariables, ThemeFeature, ThemeMode, ThemeVariables } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useTheme` returns. */
export type UseThemeReturnType = {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  /** The theme as `--portico-*` custom properties, ready for a `style` attribute. */
  cssVariables: CssVariables
  setThemeMode: ThemeFeature['setThemeMode']
  setThemeVariables: ThemeFeature['setThemeVariables']
}

/** The theme (light or dark, dark by default) and its CSS variables. */
export function useTheme(): UseThemeReturnType {
  const { theme } = usePortico()
  const themeMode = useStore(theme.$themeMode)
  const themeVariables = useStore(theme.$themeVariables)
  const cssVariables = useStore(theme.$cssVariables)
  return useMemo(
    () => ({
      themeMode,
      themeVariables,
      cssVariables,
      setThemeMode: theme.setThemeMode,
      setThemeVariables: theme.setThemeVariables,
    }),
    [themeMode, themeVariables, cssVariables, theme],
  )
}
