import type { MessageTable } from '../../kit/text.js'

/**
 * Choosing a wallet and waiting for a browser wallet, in English: what the page may show before the views' code
 * loads (titles, account action labels, what core and the toasts say). The views' own texts are in
 * en.views.ts.
 */
export default {
  'view.Connect.title': 'Connect wallet',
  'view.AllWallets.title': 'All wallets',
  'view.ConnectingExternal.title': 'Connecting',
} as const satisfies MessageTable
