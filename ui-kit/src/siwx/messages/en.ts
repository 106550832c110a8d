import type { MessageTable } from '../../kit/text.js'

/**
 * Sign in with the wallet, in English: what the page may show before the modal opens (the toasts).
 * The open modal's texts (titles, the Account action, the checks) are in en.modal.ts, the views'
 * own texts in en.views.ts.
 */
export default {
  'siwx.declined': 'Signature declined',
  'siwx.loadFailed': 'Sign-in could not be loaded. Check your connection and try again.',
  'siwx.refused': 'The app refused the sign-in: {reason}',
} as const satisfies MessageTable
