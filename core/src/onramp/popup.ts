/**
 * The provider window as the SDK uses it: a browser `Window` (opened by the SDK, so it may be
 * navigated, focused and closed even once it shows another site).
 */
export type OnrampWindow = {
  readonly closed: boolean
  location: { replace(url: string): void }
  focus(): void
  close(): void
}

/** The provider window's name (a second purchase reuses the window) and its size. */
export const ONRAMP_POPUP_NAME = 'portico-onramp'
export const ONRAMP_POPUP_FEATURES = 'popup,width=480,height=760'

/**
 * Opens the provider window, empty. It must run in the click itself, before anything is awaited:
 * a browser lets a page open a window only while it handles the user's gesture. Null when the
 * browser refused (a popup blocker) or there is no browser.
 */
export function openOnrampWindow(): OnrampWindow | null {
  const open = (globalThis as { open?: (url: string, target: string, features: string) => unknown })
    .open
  return typeof open === 'function'
    ? ((open('', ONRAMP_POPUP_NAME, ONRAMP_POPUP_FEATURES) as OnrampWindow | null) ?? null)
    : null
}
