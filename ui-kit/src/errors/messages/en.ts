import type { MessageTable } from '../../kit/text.js'

/**
 * The one error text the page keeps before the modal opens: what any error reads as while the
 * others (en.modal.ts, loaded with the modal's first view) are missing, or could not be loaded.
 */
export default {
  'error.UNKNOWN_ERROR': 'An error occurred',
} as const satisfies MessageTable
