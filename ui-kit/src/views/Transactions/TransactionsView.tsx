import {
  formatTransferAmount,
  groupByDay,
  type Transaction,
  type TransactionTransfer,
  truncateAddress,
} from '@portico/core'
import { useTransactionHistory } from '@portico/react'
import { type ReactNode, useEffect, useRef } from 'react'
import { WalletIcon } from '../../components/WalletIcon.js'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

export type TransactionsViewProps = ViewProps & {
  children?: (state: ReturnType<typeof useTransactionHistory>) => ReactNode
}

function describeTransfer(transfer: TransactionTransfer, nftLabel: string) {
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '−' : ''
  const symbol = transfer.fungible_info?.symbol ?? transfer.nft_info?.name ?? nftLabel
  return `${sign}${formatTransferAmount(transfer.quantity.numeric)} ${symbol}`
}

function Row({ transaction }: { transaction: Transaction }) {
  const messages = useMessages()
  const { metadata, transfers } = transaction
  const first = transfers[0]
  const counterparty = first?.direction === 'in' ? metadata.sentFrom : metadata.sentTo
  const time = new Date(metadata.minedAt).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  })
  return (
    <li data-portico-transaction="" data-status={metadata.status}>
      <WalletIcon
        src={first?.fungible_info?.icon?.url ?? first?.nft_info?.content?.preview?.url}
        name={first?.fungible_info?.symbol ?? metadata.operationType}
        size={32}
      />
      <div>
        <p data-portico-heading="">
          {metadata.operationType.charAt(0).toUpperCase() + metadata.operationType.slice(1)}
          {metadata.status !== 'confirmed' ? (
            <span data-portico-tag="">{messages[`activity.status.${metadata.status}`]}</span>
          ) : null}
        </p>
        <p data-portico-muted="" title={counterparty}>
          {counterparty
            ? first?.direction === 'in'
              ? messages['activity.from'](truncateAddress(counterparty))
              : messages['activity.to'](truncateAddress(counterparty))
            : null}{' '}
          · <time dateTime={metadata.minedAt}>{time}</time>
        </p>
      </div>
      <p data-portico-amounts="">
        {transfers.map((transfer, index) => (
          // Transfers have no id of their own; their order within a transaction is fixed.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index}>{describeTransfer(transfer, messages['activity.spamNft'])}</span>
        ))}
      </p>
    </li>
  )
}

/** The activity list: the active chain's transactions by day, loading more at the end. */
export function TransactionsView({ children }: TransactionsViewProps) {
  const messages = useMessages()
  const history = useTransactionHistory()
  const { transactions, status, hasMore, fetchNextPage } = history
  const sentinel = useRef<HTMLDivElement>(null)
  const observable = typeof IntersectionObserver !== 'undefined'

  useEffect(() => {
    const element = sentinel.current
    if (!element || !observable || !hasMore) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [observable, hasMore, fetchNextPage])

  if (children) return <>{children(history)}</>
  if (status === 'unsupported')
    return <p data-portico-empty="">{messages['activity.unsupported']}</p>
  if (transactions.length === 0) {
    return (
      <p data-portico-empty="" aria-live="polite">
        {status === 'loading' || status === 'idle'
          ? messages['activity.loading']
          : status === 'error'
            ? messages['activity.error']
            : messages['activity.empty']}
      </p>
    )
  }
  const days = groupByDay(transactions)
  return (
    <div data-portico-activity="" aria-busy={status === 'loading'}>
      {days.map(({ day, transactions: items }) => (
        <section key={day} aria-label={new Date(`${day}T00:00:00`).toLocaleDateString()}>
          <h3 data-portico-day="">{new Date(`${day}T00:00:00`).toLocaleDateString()}</h3>
          <ul data-portico-list="" aria-label={messages['activity.list']}>
            {items.map((transaction) => (
              <Row key={transaction.id} transaction={transaction} />
            ))}
          </ul>
        </section>
      ))}
      {hasMore ? (
        observable ? (
          <div ref={sentinel} data-portico-sentinel="" aria-hidden="true" />
        ) : (
          <button type="button" onClick={() => void fetchNextPage()}>
            {messages['activity.loadMore']}
          </button>
        )
      ) : null}
    </div>
  )
}
