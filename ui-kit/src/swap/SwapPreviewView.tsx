import { formatAmount } from '@portico/core'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type SwapPreviewViewState, useSwapPreviewView } from './useSwapPreviewView.js'

/**
 * What leaves, what arrives, the minimum received and the network fee; Approve (when the swap may
 * not spend the token yet), then Swap.
 */
export default function SwapPreviewView({ children }: DefaultViewProps<SwapPreviewViewState>) {
  const state = useSwapPreviewView()
  const { t, error } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  const { review, needsApproval, isBuilding, isApproving, isSwapping, problem } = state
  if (!review) {
    return problem ? (
      <p role="alert" data-portico-error="">
        {error(problem)}
      </p>
    ) : (
      <p data-portico-muted="">{t('swap.building')}</p>
    )
  }
  const { source, target, sourceAmount } = review.quote
  const busy = isApproving || isSwapping || isBuilding
  const paid = formatAmount(sourceAmount, 6)
  return (
    <div data-portico-swap-preview="">
      <dl>
        <dt>{t('swap.youPay')}</dt>
        <dd data-portico-heading="">
          {t('swap.amountOf', { amount: paid, symbol: source.symbol })}
        </dd>
        <dt>{t('swap.youReceive')}</dt>
        <dd data-portico-heading="">
          {t('swap.amountOf', {
            amount: formatAmount(review.targetAmount, 6),
            symbol: target.symbol,
          })}
        </dd>
        <dt>{t('swap.minimumReceived')}</dt>
        <dd>
          {t('swap.amountOf', {
            amount: formatAmount(review.minimumReceived, 6),
            symbol: target.symbol,
          })}
        </dd>
        <dt>{t('swap.networkFee')}</dt>
        <dd>
          {t('swap.feeValue', {
            amount: formatAmount(review.networkFee.formatted, 6),
            symbol: review.networkFee.symbol,
            usd: formatAmount(review.networkFee.usd, 2),
          })}
        </dd>
      </dl>
      {needsApproval ? (
        <p data-portico-muted="">
          {t('swap.approveFirst', { amount: paid, symbol: source.symbol })}
        </p>
      ) : null}
      <div aria-live="polite">
        {isApproving || isSwapping ? <p data-portico-muted="">{t('swap.inWallet')}</p> : null}
        {isBuilding ? <p data-portico-muted="">{t('swap.building')}</p> : null}
      </div>
      <div data-portico-actions="">
        <button type="button" onClick={state.cancel} disabled={busy}>
          {t('swap.cancel')}
        </button>
        {needsApproval ? (
          <button
            type="button"
            data-portico-primary=""
            onClick={() => void state.approve()}
            disabled={busy}
          >
            {t('swap.approve', { symbol: source.symbol })}
          </button>
        ) : (
          <button
            type="button"
            data-portico-primary=""
            onClick={() => void state.confirm()}
            disabled={busy || !review.transaction}
          >
            {t('swap.confirm')}
          </button>
        )}
      </div>
    </div>
  )
}
