import { registerViewTexts } from '../../kit/messages.js'
import type { MessageTable } from '../../kit/text.js'

/**
 * The texts only this feature's views show, in English. They load with the views' code (not with
 * the page) and register themselves, so the page's first load does not grow with the views.
 */
export default registerViewTexts({
  'account.copy': 'Copy address',
  'account.network': 'Network: {network}',
  'account.disconnect': 'Disconnect',
  'account.explorer': 'View on explorer',
  'account.balance': 'Balance',
  'account.balanceAmount': '{amount} {symbol}',
  'account.reconnecting': 'Reconnecting…',
  'account.actions': 'Wallet actions',
} as const satisfies MessageTable)
