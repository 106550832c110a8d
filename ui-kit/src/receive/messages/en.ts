import type { MessageTable } from '../../kit/text.js'

/**
 * Receiving: the address, its QR code and where it works, in English: what the page may show before
 * the modal opens (the toasts). The open modal's texts (titles, the Account action, the checks) are
 * in en.modal.ts, the views' own texts in en.views.ts.
 */
export default {
  'receive.copied': 'Address copied',
  'receive.copyFailed': 'Could not copy the address',
} as const satisfies MessageTable
