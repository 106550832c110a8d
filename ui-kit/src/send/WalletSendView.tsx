import { formatAmount, truncateAddress } from '@portico/core'
import { useId } from 'react'
import { WalletIcon } from '../components/WalletIcon.js'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import { usePreloadOnIntent } from '../kit/usePreloadOnIntent.js'
import { describedBy, ErrorText } from '../kit/viewParts.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { useWalletSendView, type WalletSendViewState } from './useWalletSendView.js'

/** The send form: token, amount (with max), receiver by address or name; then the preview. */
export default function WalletSendView({ children }: DefaultViewProps<WalletSendViewState>) {
  const state = useWalletSendView()
  const { t, message, error } = useViewMessages<typeof en & typeof views>(views)
  const amountId = useId()
  const receiverId = useId()
  const tokenIntent = usePreloadOnIntent('WalletSendSelectToken')
  const reviewIntent = usePreloadOnIntent('WalletSendPreview')
  if (children) return <>{children(state)}</>
  const { token, amount, receiver, resolved, resolving, errors, problem } = state
  return (
    <form
      data-portico-send=""
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void state.review()
      }}
    >
      <button
        type="button"
        data-portico-token-picker=""
        {...tokenIntent}
        onClick={state.openTokenSelect}
      >
        {token ? (
          <>
            <WalletIcon src={token.iconUrl || undefined} name={token.symbol} size={24} />
            <span>{t('send.token', { symbol: token.symbol })}</span>
          </>
        ) : (
          t('send.selectToken')
        )}
      </button>
      {token ? (
        <p data-portico-muted="">
          {t('send.balance', {
            amount: formatAmount(token.quantity.numeric, 6),
            symbol: token.symbol,
          })}
        </p>
      ) : null}

      <label htmlFor={amountId}>{t('send.amount')}</label>
      <div data-portico-field="">
        <input
          id={amountId}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={amount}
          {...describedBy(amountId, errors.amount)}
          onChange={(event) => state.setAmount(event.target.value)}
        />
        <button type="button" disabled={!token} onClick={state.setMax}>
          {t('send.max')}
        </button>
      </div>
      <ErrorText field={amountId}>{errors.amount && message(errors.amount)}</ErrorText>

      <label htmlFor={receiverId}>{t('send.receiver')}</label>
      <input
        id={receiverId}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        value={receiver}
        aria-invalid={errors.receiver ? true : undefined}
        aria-describedby={`${receiverId}-status`}
        onChange={(event) => state.setReceiver(event.target.value)}
      />
      <div id={`${receiverId}-status`} aria-live="polite">
        {errors.receiver ? (
          <p role="alert" data-portico-error="">
            {message(errors.receiver)}
          </p>
        ) : resolving ? (
          <p data-portico-muted="">{t('send.resolving')}</p>
        ) : resolved?.name ? (
          <p data-portico-resolved="">
            <WalletIcon src={resolved.avatar} name={resolved.name} size={24} />
            <span title={resolved.address}>
              {t('send.resolved', { address: truncateAddress(resolved.address) })}
            </span>
          </p>
        ) : null}
      </div>

      <ErrorText>{problem && error(problem)}</ErrorText>
      <button
        type="submit"
        data-portico-primary=""
        {...reviewIntent}
        disabled={state.isReviewing || resolving}
      >
        {t('send.review')}
      </button>
    </form>
  )
}
