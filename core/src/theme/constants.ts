/** The accent of each mode. */
export const THEME_ACCENT = {
  light: 'hsla(231,100%,70%,1)',
  dark: 'hsla(230,100%,67%,1)',
} as const

/** The background of each mode. */
export const THEME_BACKGROUND = { light: '#fff', dark: '#121313' } as const
