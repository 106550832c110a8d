import type { MessageTable } from '../../kit/text.js'

/**
 * WalletConnect pairing by QR code or link, in English: what the page may show before the modal
 * opens (the toasts). The open modal's texts (titles, the Account action, the checks) are in
 * en.modal.ts, the views' own texts in en.views.ts.
 */
export default {
  'walletConnect.copied': 'Link copied',
  'walletConnect.copyFailed': 'Could not copy the link',
} as const satisfies MessageTable
