import type { MessageTable } from '../../kit/text.js'

/**
 * The connected account, in English: what the page may show before the views' code
 * loads (titles, account action labels, what core and the toasts say). The views' own texts are in
 * en.views.ts.
 */
export default {
  'view.Account.title': 'Account',
  'account.copied': 'Address copied',
  'account.copyFailed': 'Could not copy the address',
  'balances.unavailable': 'Token Balance Unavailable',
} as const satisfies MessageTable
