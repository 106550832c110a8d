/** Light or dark; dark by default. */
export type ThemeMode = 'light' | 'dark'

/** CSS-level theme overrides; each becomes a `--portico-*` custom property. */
export type ThemeVariables = {
  accent?: string
  background?: string
  foreground?: string
  fontFamily?: string
  borderRadius?: string
  zIndex?: number
}

/** The theme options of `createPortico`. */
export type ThemeOptions = {
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
}
