import { defineUiFeature } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { TransactionsViewState } from './useTransactionsView.js'

/** The activity view; its render prop receives `useTransactionsView()`. */
export const TransactionsView = lazyView<DefaultViewProps<TransactionsViewState>>(
  () => import('./TransactionsView.js'),
)

/** The account's transaction history. */
export const historyUi = defineUiFeature({
  name: 'history',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: { Transactions: TransactionsView },
  prefetch: { Account: ['Transactions'] },
  accountActions: [
    {
      id: 'history',
      label: 'history.action',
      view: 'Transactions',
      isAvailable: ({ client }) => client.options.features.history,
    },
  ],
})
