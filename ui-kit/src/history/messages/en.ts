import type { MessageTable } from '../../kit/text.js'

/** The activity list, in English. */
export default {
  'view.Transactions.title': 'Activity',
  'history.action': 'Activity',
  'history.empty': 'No activity yet.',
  'history.unsupported': 'Activity is available for EVM accounts only.',
  'history.loading': 'Loading activity…',
  'history.fetchFailed': 'Failed to fetch transactions',
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
} as const satisfies MessageTable
