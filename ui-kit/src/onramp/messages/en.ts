import type { MessageTable } from '../../kit/text.js'

/**
 * Buying crypto, in English: what the page may show before the modal opens (the toasts). The open
 * modal's texts (titles, the Account action, the checks) are in en.modal.ts, the views' own texts
 * in en.views.ts.
 */
export default {
  'onramp.purchased': 'Bought {amount} {symbol}',
} as const satisfies MessageTable
