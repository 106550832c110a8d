import type { MessageTable } from '../../kit/text.js'

/**
 * Sign in with the wallet, in English: what the page may show before the views' code loads
 * (titles, and what core's toasts say). The views' own texts are in en.views.ts.
 */
export default {
  'view.SIWXSignMessage.title': 'Sign in',
  'view.ConnectingSiwe.title': 'Sign in',
  // The catalogue's words: the toast core shows when the wallet refuses, and the view's error.
  'siwx.declined': 'Signature declined',
  'siwx.loadFailed': 'Sign-in could not be loaded. Check your connection and try again.',
  'siwx.refused': 'The app refused the sign-in: {reason}',
} as const satisfies MessageTable
