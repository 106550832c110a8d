import type { MessageTable } from '../../kit/text.js'

/**
 * English texts only the open modal shows (view titles, Account action labels, what the views
 * say when core refuses or fails). They load with the modal's first view, prefetched on idle,
 * hover or focus, so the page's first load keeps only what can show before the modal opens: the
 * buttons and the toasts (a toast that needs one of these waits for them).
 */
export default {
  'view.WalletSend.title': 'Send',
  'view.WalletSendSelectToken.title': 'Select token',
  'view.WalletSendPreview.title': 'Review send',
  'send.action': 'Send',
  'send.amountNotPositive': 'Enter an amount above zero',
  'send.amountNotNumber': 'Enter the amount as a number, like 12.5',
  'send.tooManyDecimals': 'This token has at most {decimals} decimals',
  'send.wrongNetwork': 'This token is on another network than your wallet',
  'send.overBalance': 'The amount is more than your balance',
  'send.invalidAddress': 'Enter a valid address or name',
  'send.nameNotFound': 'No address is registered for this name',
} as const satisfies MessageTable
