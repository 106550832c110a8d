import type { OnrampAmount } from '@portico/core'
import { useId } from 'react'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import { usePreloadOnIntent } from '../kit/usePreloadOnIntent.js'
import { ErrorText } from '../kit/viewParts.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type OnRampBuyViewState, useOnRampBuyView } from './useOnRampBuyView.js'

/** The order: asset, amount in the payment currency, payment method and its limits, quote, provider. */
export default function OnRampBuyView({ children }: DefaultViewProps<OnRampBuyViewState>) {
  const state = useOnRampBuyView()
  const { t, has, message, error } = useViewMessages<typeof en & typeof views>(views)
  const assetId = useId()
  const amountId = useId()
  const currencyId = useId()
  const methodId = useId()
  const quoteId = useId()
  const providersIntent = usePreloadOnIntent('OnRampProviders')
  const activityIntent = usePreloadOnIntent('OnRampActivity')
  if (children) return <>{children(state)}</>
  const { form, quote, options, problem } = state
  if (!form) {
    return (
      <p data-portico-muted="" role="status">
        {options.error ? error(options.error) : t('onramp.loading')}
      </p>
    )
  }
  const currency = form.paymentCurrency?.id ?? ''
  const amountError = form.errors.amount
  const money = (value: OnrampAmount) =>
    value.amount
      ? t('onramp.money', { amount: value.amount, currency: value.currency })
      : t('onramp.unknownAmount')
  const methodName = (id: string) => {
    const key = `onramp.method.${id}`
    return has(key) ? t(key as 'onramp.method.card') : id
  }
  return (
    <form
      data-portico-onramp=""
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        // In the submit handler itself: the provider window must open within the click.
        state.start()
      }}
    >
      {options.data?.isFallback ? <p data-portico-muted="">{t('onramp.optionsFallback')}</p> : null}

      <label htmlFor={assetId}>{t('onramp.asset')}</label>
      <select
        id={assetId}
        value={form.asset?.id ?? ''}
        onChange={(event) => state.setAsset(event.target.value)}
        disabled={form.assets.length === 0}
      >
        {form.assets.map((asset) => (
          <option key={asset.id} value={asset.id}>
            {t('onramp.assetOption', { symbol: asset.symbol, name: asset.name })}
          </option>
        ))}
      </select>
      {form.asset ? (
        <p data-portico-muted="">
          {t('onramp.network', { network: form.asset.network.display_name })}
        </p>
      ) : (
        <p role="alert" data-portico-error="">
          {message({ key: 'onramp.noAsset' })}
        </p>
      )}

      <label htmlFor={currencyId}>{t('onramp.paymentCurrency')}</label>
      <select
        id={currencyId}
        value={currency}
        onChange={(event) => state.setPaymentCurrency(event.target.value)}
      >
        {form.paymentCurrencies.map((option) => (
          <option key={option.id} value={option.id}>
            {option.id}
          </option>
        ))}
      </select>

      <label htmlFor={amountId}>{t('onramp.amount', { currency })}</label>
      <input
        id={amountId}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={form.amount}
        aria-invalid={amountError ? true : undefined}
        aria-describedby={`${amountId}-limits${amountError ? ` ${amountId}-error` : ''}`}
        onChange={(event) => state.setAmount(event.target.value)}
      />
      <p id={`${amountId}-limits`} data-portico-muted="">
        {form.limits
          ? t('onramp.limits', { min: form.limits.min, max: form.limits.max, currency })
          : null}
      </p>
      <ErrorText field={amountId}>{amountError && message(amountError)}</ErrorText>

      <label htmlFor={methodId}>{t('onramp.paymentMethod')}</label>
      <select
        id={methodId}
        value={form.paymentMethod}
        onChange={(event) => state.setPaymentMethod(event.target.value)}
      >
        {form.paymentMethods.map((method) => (
          <option key={method.id} value={method.id}>
            {methodName(method.id)}
          </option>
        ))}
      </select>

      <section aria-labelledby={quoteId} data-portico-quote="" aria-live="polite">
        <h3 id={quoteId} data-portico-heading="">
          {t('onramp.quote')}
        </h3>
        {quote.isPending ? <p data-portico-muted="">{t('onramp.quoting')}</p> : null}
        {quote.data && !quote.isPending ? (
          <>
            <dl>
              <dt>{t('onramp.youPay')}</dt>
              <dd dir="ltr">{money(quote.data.paymentTotal)}</dd>
              <dt>{t('onramp.providerFee')}</dt>
              <dd dir="ltr">{money(quote.data.coinbaseFee)}</dd>
              <dt>{t('onramp.networkFee')}</dt>
              <dd dir="ltr">{money(quote.data.networkFee)}</dd>
              <dt>{t('onramp.subtotal')}</dt>
              <dd dir="ltr">{money(quote.data.paymentSubtotal)}</dd>
              <dt>{t('onramp.youReceive')}</dt>
              <dd dir="ltr">{money(quote.data.purchaseAmount)}</dd>
            </dl>
            {quote.data.isEstimate ? <p role="note">{t('onramp.estimate')}</p> : null}
          </>
        ) : null}
        {quote.error && !quote.isPending ? (
          <p data-portico-muted="">{t('onramp.quoteFailed')}</p>
        ) : null}
      </section>

      {form.provider ? (
        <p data-portico-provider="">
          <span>{t('onramp.provider')}: </span>
          <span>
            {t('onramp.providerName', {
              name: form.provider.name,
              range: form.provider.feeRange,
            })}
          </span>{' '}
          {form.providers.length > 1 ? (
            <button type="button" {...providersIntent} onClick={state.openProviders}>
              {t('onramp.changeProvider')}
            </button>
          ) : null}
        </p>
      ) : (
        <p role="alert" data-portico-error="">
          {t('onramp.noProviders')}
        </p>
      )}

      <ErrorText>{problem && error(problem)}</ErrorText>
      <button
        type="submit"
        data-portico-primary=""
        {...activityIntent}
        disabled={state.isPending || !form.provider}
      >
        {t('onramp.continue')}
      </button>
    </form>
  )
}
