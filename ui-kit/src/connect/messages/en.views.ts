import { registerViewTexts } from '../../kit/messages.js'
import type { MessageTable } from '../../kit/text.js'

/**
 * The texts only this feature's views show, in English. They load with the views' code (not with
 * the page) and register themselves, so the page's first load does not grow with the views.
 */
export default registerViewTexts({
  'connect.empty': 'No wallets found in this browser.',
  'connect.list': 'Wallets',
  'connect.recent': 'Recent',
  'connect.allWallets': 'All wallets',
  'connect.allWalletsCount': 'All wallets ({count})',
  'connect.listError':
    'The wallet list could not be loaded. Check the internet connection and the projectId.',
  'connect.retry': 'Try again',
  'connect.alertHint.PROJECT_ID_NOT_CONFIGURED':
    'Pass the id of your Reown Cloud project (cloud.reown.com) to createPortico: the wallet list and the other hosted services need it. The Portico devnet needs none.',
  'connect.alertHint.INVALID_APP_CONFIGURATION':
    "Add this site's origin to the allowed origins of your project.",
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
} as const satisfies MessageTable)
