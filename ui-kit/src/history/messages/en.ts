import type { MessageTable } from '../../kit/text.js'

/**
 * The activity list, in English: what the page may show before the modal opens (the toasts). The
 * open modal's texts (titles, the Account action, the checks) are in en.modal.ts, the views' own
 * texts in en.views.ts.
 */
export default {
  'history.fetchFailed': 'Failed to fetch transactions',
} as const satisfies MessageTable
