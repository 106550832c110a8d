import { registerViewTexts } from '../../kit/messages.js'
import type { MessageTable } from '../../kit/text.js'

/**
 * The texts only this feature's views show, in English. They load with the views' code (not with
 * the page) and register themselves, so the page's first load does not grow with the views.
 */
export default registerViewTexts({
  'history.empty': 'No activity yet.',
  'history.unsupported': 'Activity is available for EVM accounts only.',
  'history.loading': 'Loading activity…',
  'history.list': 'Transactions',
  'history.loadMore': 'Load more activity',
  'history.status.pending': 'Pending',
  'history.status.failed': 'Failed',
  'history.from': 'From {address}',
  'history.to': 'To {address}',
  'history.nft': 'NFT',
  'history.operation.send': 'Send',
  'history.operation.receive': 'Receive',
  'history.operation.execute': 'Execute',
  'history.operation.mint': 'Mint',
  'history.operation.burn': 'Burn',
  'history.operation.approve': 'Approve',
  'history.operation.trade': 'Trade',
  'history.operation.deposit': 'Deposit',
  'history.operation.withdraw': 'Withdraw',
} as const satisfies MessageTable)
