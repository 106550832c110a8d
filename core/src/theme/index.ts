export type { CssVariables, ThemeFeature } from './createTheme.js'
export { createTheme, themeToCssVariables } from './createTheme.js'
