import type { MessageTable } from '../../kit/text.js'

/**
 * Email login and the embedded wallet, in English: what the page may show before the modal opens
 * (the toasts). The open modal's texts (titles, the Account action, the checks) are in en.modal.ts,
 * the views' own texts in en.views.ts.
 */
export default {
  'auth.authenticating': 'Authenticating...',
  'auth.initFailed': 'A problem occurred while trying initialize authentication',
} as const satisfies MessageTable
