import type { MessageTable } from '../../kit/text.js'

/**
 * Sending a token, in English (with the validation texts core names by key): what the page may show before the views' code
 * loads (titles, account action labels, what core and the toasts say). The views' own texts are in
 * en.views.ts.
 */
export default {
  'view.WalletSend.title': 'Send',
  'view.WalletSendSelectToken.title': 'Select token',
  'view.WalletSendPreview.title': 'Review send',
  'send.action': 'Send',
  'send.sent': 'Sent {amount} {symbol} · {hash}',
  'send.declined': 'The wallet declined the transfer',
  'send.amountNotPositive': 'Enter an amount above zero',
  'send.amountNotNumber': 'Enter the amount as a number, like 12.5',
  'send.tooManyDecimals': 'This token has at most {decimals} decimals',
  'send.wrongNetwork': 'This token is on another network than your wallet',
  'send.overBalance': 'The amount is more than your balance',
  'send.invalidAddress': 'Enter a valid address or name',
  'send.nameNotFound': 'No address is registered for this name',
} as const satisfies MessageTable
