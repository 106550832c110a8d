import type { MessageTable } from '../../kit/text.js'

/**
 * Sending a token, in English: what the page may show before the modal opens (the toasts). The open
 * modal's texts (titles, the Account action, the checks) are in en.modal.ts, the views' own texts
 * in en.views.ts.
 */
export default {
  'send.sent': 'Sent {amount} {symbol} · {hash}',
  'send.declined': 'The wallet declined the transfer',
} as const satisfies MessageTable
