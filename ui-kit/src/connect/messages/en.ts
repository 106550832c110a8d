import type { MessageTable } from '../../kit/text.js'

/** Choosing a wallet and waiting for a browser wallet, in English. */
export default {
  'view.Connect.title': 'Connect wallet',
  'view.AllWallets.title': 'All wallets',
  'view.ConnectingExternal.title': 'Connecting',
  'connect.empty': 'No wallets found in this browser.',
  'connect.list': 'Wallets',
  'connect.recent': 'Recent',
  'connect.allWallets': 'All wallets',
  'connect.allWalletsCount': 'All wallets ({count})',
  'allWallets.search': 'Search wallets',
  'allWallets.list': 'All wallets',
  'allWallets.count': { one: '{count} wallet', other: '{count} wallets' },
  'allWallets.noResults': 'No wallet matches your search.',
  'allWallets.loading': 'Loading wallets…',
  'allWallets.error': 'The wallet list could not be loaded.',
  'allWallets.loadMore': 'Load more wallets',
  'connecting.continueIn': 'Continue in {wallet}',
  'connecting.accept': 'Accept the connection request in your wallet.',
  'connecting.declined': 'Connection declined',
  'connecting.failed': 'Connection failed',
  'connecting.retry': 'Try again',
  'connecting.unavailable': 'This wallet is not available in this browser.',
} as const satisfies MessageTable
