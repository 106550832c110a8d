import type { MessageTable } from '../../kit/text.js'

/**
 * Receiving: the address, its QR code and where it works, in English: what the page may show before the views' code
 * loads (titles, account action labels, what core and the toasts say). The views' own texts are in
 * en.views.ts.
 */
export default {
  'view.WalletReceive.title': 'Receive',
  'receive.action': 'Receive',
  'receive.copied': 'Address copied',
  'receive.copyFailed': 'Could not copy the address',
} as const satisfies MessageTable
