import { describe, expect, it } from 'vitest'
import { createTheme } from './createTheme.js'

describe('theme', () => {
  it('uses the spec accents and backgrounds per mode', () => {
    const theme = createTheme({ themeMode: 'dark', themeVariables: {} })
    expect(theme.$cssVariables.get()).toMatchObject({
      '--portico-accent': 'hsla(230,100%,67%,1)',
      '--portico-background': '#121313',
    })
    theme.setThemeMode('light')
    expect(theme.$cssVariables.get()).toMatchObject({
      '--portico-accent': 'hsla(231,100%,70%,1)',
      '--portico-background': '#fff',
    })
  })

  it('sets the system font, a 16px radius and z-index 999 unless the app chooses', () => {
    const theme = createTheme({ themeMode: 'light', themeVariables: {} })
    expect(theme.$cssVariables.get()).toMatchObject({
      '--portico-font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      '--portico-border-radius': '16px',
      '--portico-z-index': '999',
    })
    theme.setThemeVariables({ fontFamily: 'Inter', borderRadius: '4px' })
    expect(theme.$cssVariables.get()).toMatchObject({
      '--portico-font-family': 'Inter',
      '--portico-border-radius': '4px',
    })
  })

  it('lets the app override variables', () => {
    const theme = createTheme({ themeMode: 'dark', themeVariables: { accent: 'rebeccapurple' } })
    theme.setThemeVariables({ zIndex: 5000 })
    expect(theme.$cssVariables.get()).toMatchObject({
      '--portico-accent': 'rebeccapurple',
      '--portico-z-index': '5000',
    })
  })

  it('refuses a mode other than light or dark', () => {
    const theme = createTheme({ themeMode: 'dark', themeVariables: {} })
    expect(() => theme.setThemeMode('blue' as 'dark')).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        message: "themeMode must be 'light' or 'dark'",
      }),
    )
    expect(theme.$themeMode.get()).toBe('dark')
  })
})
