import type { MessageTable } from '../../kit/text.js'

/** The connected account, in English. */
export default {
  'view.Account.title': 'Account',
  'account.copy': 'Copy address',
  'account.copied': 'Address copied',
  'account.copyFailed': 'Could not copy the address',
  'account.network': 'Network: {network}',
  'account.disconnect': 'Disconnect',
  'account.explorer': 'View on explorer',
  'account.balance': 'Balance',
  'account.balanceAmount': '{amount} {symbol}',
  'account.reconnecting': 'Reconnecting…',
  'account.actions': 'Wallet actions',
  'balances.unavailable': 'Token Balance Unavailable',
} as const satisfies MessageTable
