import {
  formatTransferAmount,
  type Transaction,
  type TransactionTransfer,
  truncateAddress,
} from '@portico/core'
import { WalletIcon } from '../components/WalletIcon.js'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type TransactionsViewState, useTransactionsView } from './useTransactionsView.js'

type Keys = typeof en & typeof views

function describeTransfer(transfer: TransactionTransfer, nftLabel: string) {
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '−' : ''
  const symbol = transfer.fungible_info?.symbol ?? transfer.nft_info?.name ?? nftLabel
  return `${sign}${formatTransferAmount(transfer.quantity.numeric)} ${symbol}`
}

function Row({ transaction }: { transaction: Transaction }) {
  const { t, locale } = useViewMessages<Keys>(views)
  const { metadata, transfers } = transaction
  const first = transfers[0]
  const counterparty = first?.direction === 'in' ? metadata.sentFrom : metadata.sentTo
  const time = new Date(metadata.minedAt).toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
  })
  const operationKey = `history.operation.${metadata.operationType}`
  const operation =
    operationKey in views
      ? t(operationKey as keyof Keys)
      : // An operation this version has no text for: the service's own word.
        metadata.operationType.charAt(0).toUpperCase() + metadata.operationType.slice(1)
  return (
    <li data-portico-transaction="" data-status={metadata.status}>
      <WalletIcon
        src={first?.fungible_info?.icon?.url ?? first?.nft_info?.content?.preview?.url}
        name={first?.fungible_info?.symbol ?? metadata.operationType}
        size={32}
      />
      <div>
        <p data-portico-heading="">
          {operation}
          {metadata.status !== 'confirmed' ? (
            <span data-portico-tag="">{t(`history.status.${metadata.status}`)}</span>
          ) : null}
        </p>
        <p data-portico-muted="" title={counterparty}>
          {counterparty
            ? t(first?.direction === 'in' ? 'history.from' : 'history.to', {
                address: truncateAddress(counterparty),
              })
            : null}{' '}
          · <time dateTime={metadata.minedAt}>{time}</time>
        </p>
      </div>
      <p data-portico-amounts="" dir="ltr">
        {transfers.map((transfer, index) => (
          // Transfers have no id of their own; their order within a transaction is fixed.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index}>{describeTransfer(transfer, t('history.nft'))}</span>
        ))}
      </p>
    </li>
  )
}

/** The activity list: the active chain's transactions by day, loading more at the end. */
export default function TransactionsView({ children }: DefaultViewProps<TransactionsViewState>) {
  const state = useTransactionsView()
  const { t, locale } = useViewMessages<Keys>(views)
  if (children) return <>{children(state)}</>
  const { transactions, status, hasMore, days, isSupported } = state
  if (!isSupported) return <p data-portico-empty="">{t('history.unsupported')}</p>
  if (transactions.length === 0) {
    return (
      <p data-portico-empty="" aria-live="polite">
        {status === 'pending' || status === 'idle'
          ? t('history.loading')
          : status === 'error'
            ? t('history.fetchFailed')
            : t('history.empty')}
      </p>
    )
  }
  return (
    <div data-portico-activity="" aria-busy={status === 'pending'}>
      {days.map(({ day, transactions: items }) => {
        const label = new Date(`${day}T00:00:00`).toLocaleDateString(locale)
        return (
          <section key={day} aria-label={label}>
            <h3 data-portico-day="">{label}</h3>
            <ul data-portico-list="" aria-label={t('history.list')}>
              {items.map((transaction) => (
                <Row key={transaction.id} transaction={transaction} />
              ))}
            </ul>
          </section>
        )
      })}
      {hasMore ? (
        state.canObserve ? (
          <div ref={state.sentinelRef} data-portico-sentinel="" aria-hidden="true" />
        ) : (
          <button type="button" onClick={() => void state.fetchNextPage()}>
            {t('history.loadMore')}
          </button>
        )
      ) : null}
    </div>
  )
}
