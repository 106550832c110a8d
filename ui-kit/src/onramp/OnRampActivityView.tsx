import { truncateAddress } from '@portico/core'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type OnRampActivityViewState, useOnRampActivityView } from './useOnRampActivityView.js'

/** The purchase in progress (then done, or why not, with a way back) and the account's purchases. */
export default function OnRampActivityView({
  children,
}: DefaultViewProps<OnRampActivityViewState>) {
  const state = useOnRampActivityView()
  const { t, error } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  const { purchase, purchases } = state
  const provider = state.providerName ?? ''
  return (
    <div data-portico-onramp-activity="">
      <div role="status" aria-live="polite">
        {purchase.phase === 'opening' ? <p>{t('onramp.opening', { provider })}</p> : null}
        {purchase.phase === 'waiting' ? <p>{t('onramp.waiting', { provider })}</p> : null}
        {purchase.phase === 'processing' ? <p>{t('onramp.processing')}</p> : null}
        {purchase.phase === 'success' && purchase.data ? (
          <>
            <p>
              {t('onramp.success', {
                amount: purchase.data.amount,
                symbol: purchase.data.asset,
              })}
            </p>
            {purchase.data.hash ? (
              <p data-portico-muted="" dir="ltr" title={purchase.data.hash}>
                {t('onramp.transaction', { hash: truncateAddress(purchase.data.hash) })}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
      {purchase.phase === 'error' && purchase.error ? (
        <div role="alert" data-portico-error="">
          <p data-portico-heading="">{t('onramp.failed')}</p>
          <p>{error(purchase.error)}</p>
        </div>
      ) : null}
      <div data-portico-actions="">
        {purchase.isPending ? (
          <button type="button" onClick={state.cancel}>
            {t('onramp.cancel')}
          </button>
        ) : null}
        {purchase.phase === 'error' ? (
          <>
            <button type="button" data-portico-primary="" onClick={state.retry}>
              {t('onramp.tryAgain')}
            </button>
            <button type="button" onClick={state.back}>
              {t('onramp.backToOrder')}
            </button>
          </>
        ) : null}
        {purchase.phase === 'success' ? (
          <button type="button" data-portico-primary="" onClick={state.done}>
            {t('onramp.done')}
          </button>
        ) : null}
      </div>
      <section aria-label={t('onramp.history')}>
        <h3 data-portico-heading="">{t('onramp.history')}</h3>
        {purchases.length === 0 ? (
          <p data-portico-muted="">{t('onramp.noPurchases')}</p>
        ) : (
          <ul data-portico-list="">
            {purchases.map((item) => (
              <li key={item.id}>
                <span>
                  {t('onramp.item', {
                    amount: item.asset?.amount ?? '',
                    symbol: item.asset?.symbol ?? '',
                    provider: item.provider,
                  })}
                </span>{' '}
                <span data-portico-tag="">{t(`onramp.status.${item.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
