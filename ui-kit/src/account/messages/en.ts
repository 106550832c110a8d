import type { MessageTable } from '../../kit/text.js'

/**
 * The connected account, in English: what the page may show before the modal opens (the toasts).
 * The open modal's texts (titles, the Account action, the checks) are in en.modal.ts, the views'
 * own texts in en.views.ts.
 */
export default {
  'account.copied': 'Address copied',
  'account.copyFailed': 'Could not copy the address',
  'balances.unavailable': 'Token Balance Unavailable',
} as const satisfies MessageTable
