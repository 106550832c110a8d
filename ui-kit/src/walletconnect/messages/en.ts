import type { MessageTable } from '../../kit/text.js'

/**
 * WalletConnect pairing by QR code or link, in English: what the page may show before the views' code
 * loads (titles, account action labels, what core and the toasts say). The views' own texts are in
 * en.views.ts.
 */
export default {
  'view.ConnectingWalletConnect.title': 'WalletConnect',
  'walletConnect.copied': 'Link copied',
  'walletConnect.copyFailed': 'Could not copy the link',
} as const satisfies MessageTable
