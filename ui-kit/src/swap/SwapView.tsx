import { formatAmount, type SwapToken } from '@portico/core'
import { useId } from 'react'
import { WalletIcon } from '../components/WalletIcon.js'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import { usePreloadOnIntent } from '../kit/usePreloadOnIntent.js'
import { describedBy, ErrorText } from '../kit/viewParts.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type SwapViewState, useSwapView } from './useSwapView.js'

function TokenButton({
  token,
  label,
  choose,
  onClick,
}: {
  token: SwapToken | undefined
  label: string
  choose: string
  onClick(): void
}) {
  const { t } = useViewMessages<typeof en & typeof views>(views)
  const intent = usePreloadOnIntent('SwapSelectToken')
  return (
    <button
      type="button"
      data-portico-token-picker=""
      aria-label={token ? label : choose}
      {...intent}
      onClick={onClick}
    >
      {token ? (
        <>
          <WalletIcon src={token.logoUri || undefined} name={token.symbol} size={24} />
          <span>{token.symbol}</span>
        </>
      ) : (
        t('swap.selectToken')
      )}
    </button>
  )
}

function Balance({ token }: { token: SwapToken | undefined }) {
  const { t } = useViewMessages<typeof en & typeof views>(views)
  if (!token || token.balance === undefined) return null
  return (
    <p data-portico-muted="">
      {t('swap.balance', { amount: formatAmount(token.balance, 6), symbol: token.symbol })}
    </p>
  )
}

/**
 * The swap form: what leaves (token, amount, Max), what arrives (token, the quoted amount), the
 * rate, price impact, network fee and minimum received; then the review.
 */
export default function SwapView({ children }: DefaultViewProps<SwapViewState>) {
  const state = useSwapView()
  const { t, message, error } = useViewMessages<typeof en & typeof views>(views)
  const amountId = useId()
  const reviewIntent = usePreloadOnIntent('SwapPreview')
  if (children) return <>{children(state)}</>
  const { source, target, amount, quote, errors, problem, isQuoting } = state
  if (!state.isSupported) return <p data-portico-muted="">{t('swap.unsupported')}</p>
  return (
    <form
      data-portico-swap=""
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void state.review()
      }}
    >
      <label htmlFor={amountId}>{t('swap.youPay')}</label>
      <div data-portico-field="">
        <input
          id={amountId}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          placeholder="0"
          value={amount}
          {...describedBy(amountId, errors.amount)}
          onChange={(event) => state.setAmount(event.target.value)}
        />
        <TokenButton
          token={source}
          label={t('swap.sourceToken', { symbol: source?.symbol ?? '' })}
          choose={t('swap.chooseSource')}
          onClick={state.openSourceSelect}
        />
      </div>
      <div data-portico-field="">
        <Balance token={source} />
        <button
          type="button"
          disabled={!source?.balance}
          onClick={() => void state.setMax().catch(() => undefined)}
        >
          {t('swap.max')}
        </button>
      </div>
      <ErrorText field={amountId}>{errors.amount && message(errors.amount)}</ErrorText>

      <button
        type="button"
        data-portico-switch=""
        aria-label={t('swap.switch')}
        onClick={() => void state.switchTokens()}
      >
        ⇅
      </button>

      <p>{t('swap.youReceive')}</p>
      <div data-portico-field="">
        <output dir="ltr" aria-label={t('swap.youReceive')} aria-busy={isQuoting || undefined}>
          {quote ? formatAmount(quote.targetAmount, 6) : isQuoting ? '…' : '0'}
        </output>
        <TokenButton
          token={target}
          label={t('swap.targetToken', { symbol: target?.symbol ?? '' })}
          choose={t('swap.chooseTarget')}
          onClick={state.openTargetSelect}
        />
      </div>
      <Balance token={target} />

      <div aria-live="polite">
        {isQuoting ? <p data-portico-muted="">{t('swap.quoting')}</p> : null}
        {quote ? (
          <dl data-portico-quote="">
            <dt>{t('swap.rate')}</dt>
            <dd dir="ltr">
              {t('swap.rateValue', {
                source: quote.source.symbol,
                rate: formatAmount(quote.rate, 6),
                target: quote.target.symbol,
              })}
            </dd>
            {quote.priceImpact === undefined ? null : (
              <>
                <dt>{t('swap.priceImpact')}</dt>
                <dd>{t('swap.percent', { value: formatAmount(quote.priceImpact, 2) })}</dd>
              </>
            )}
            <dt>{t('swap.networkFee')}</dt>
            <dd>
              {t('swap.feeValue', {
                amount: formatAmount(quote.networkFee.formatted, 6),
                symbol: quote.networkFee.symbol,
                usd: formatAmount(quote.networkFee.usd, 2),
              })}
            </dd>
            <dt>{t('swap.minimumReceived')}</dt>
            <dd>
              {t('swap.amountOf', {
                amount: formatAmount(quote.minimumReceived, 6),
                symbol: quote.target.symbol,
              })}
            </dd>
            <dt>{t('swap.slippage')}</dt>
            <dd>{t('swap.percent', { value: state.slippage })}</dd>
          </dl>
        ) : null}
        {problem ? (
          <div data-portico-field="">
            <p role="alert" data-portico-error="">
              {error(problem)}
            </p>
            <button type="button" onClick={state.retry}>
              {t('swap.retry')}
            </button>
          </div>
        ) : null}
      </div>

      <button
        type="submit"
        data-portico-primary=""
        {...reviewIntent}
        disabled={!state.canReview}
        aria-busy={state.isReviewing || undefined}
      >
        {t('swap.review')}
      </button>
    </form>
  )
}
