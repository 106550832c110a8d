import type { MessageTable } from '../../kit/text.js'

/**
 * The activity list, in English: what the page may show before the views' code
 * loads (titles, account action labels, what core and the toasts say). The views' own texts are in
 * en.views.ts.
 */
export default {
  'view.Transactions.title': 'Activity',
  'history.action': 'Activity',
  'history.fetchFailed': 'Failed to fetch transactions',
} as const satisfies MessageTable
