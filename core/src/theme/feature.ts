import { defineFeature } from '../kernel/feature.js'
import { invalidOption } from '../options/index.js'
import { createTheme } from './createTheme.js'
import type { ThemeOptions } from './types.js'

/** Light or dark mode and the app's overrides, as CSS variables for the UI layer. */
export const themeFeature = defineFeature({
  name: 'theme',
  options(input: ThemeOptions) {
    const themeMode = input.themeMode ?? 'dark'
    if (themeMode !== 'light' && themeMode !== 'dark') {
      invalidOption(`themeMode must be 'light' or 'dark', not '${String(themeMode)}'`)
    }
    return { themeMode, themeVariables: { ...input.themeVariables } }
  },
  create(_context, options) {
    const theme = createTheme(options)
    // The secure frame follows the theme (auth reads it).
    return { public: theme, internal: theme }
  },
})
