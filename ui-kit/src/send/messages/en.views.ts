import { registerViewTexts } from '../../kit/messages.js'
import type { MessageTable } from '../../kit/text.js'

/**
 * The texts only this feature's views show, in English. They load with the views' code (not with
 * the page) and register themselves, so the page's first load does not grow with the views.
 */
export default registerViewTexts({
  'send.token': 'Token: {symbol}',
  'send.selectToken': 'Select a token',
  'send.amount': 'Amount',
  'send.max': 'Max',
  'send.balance': 'Balance: {amount} {symbol}',
  'send.receiver': 'To (address or name)',
  'send.resolving': 'Looking up the name…',
  'send.resolved': 'Sends to {address}',
  'send.review': 'Review',
  'send.noTokens': 'No tokens to send on this network.',
  'send.searchTokens': 'Search tokens',
  'send.tokens': 'Tokens',
  'send.youSend': 'You send',
  'send.amountOf': '{amount} {symbol}',
  'send.to': 'To',
  'send.toNamed': '{name} ({address})',
  'send.fee': 'Network fee',
  'send.feeAmount': '≈ {amount} {symbol}',
  'send.confirm': 'Send',
  'send.cancel': 'Cancel',
  'send.approveInWallet': 'Approve the transfer in your wallet…',
} as const satisfies MessageTable)
