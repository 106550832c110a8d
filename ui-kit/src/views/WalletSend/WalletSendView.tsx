import { formatAmount, truncateAddress } from '@portico/core'
import { useModal, useSendToken } from '@portico/react'
import { type ReactNode, useId, useState } from 'react'
import { WalletIcon } from '../../components/WalletIcon.js'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

export type WalletSendViewProps = ViewProps & {
  children?: (state: ReturnType<typeof useSendToken>) => ReactNode
}

/** The send form: token, amount (with max), receiver by address or name; then the preview. */
export function WalletSendView({ children }: WalletSendViewProps) {
  const messages = useMessages()
  const send = useSendToken()
  const { push } = useModal()
  const amountId = useId()
  const receiverId = useId()
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)

  if (children) return <>{children(send)}</>
  const { token, amount, receiver, resolved, resolving, errors } = send

  async function review() {
    setProblem(undefined)
    setBusy(true)
    try {
      await send.preview()
      push('WalletSendPreview')
    } catch (error) {
      setProblem((error as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      data-portico-send=""
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void review()
      }}
    >
      <button
        type="button"
        data-portico-token-picker=""
        onClick={() => push('WalletSendSelectToken')}
      >
        {token ? (
          <>
            <WalletIcon src={token.iconUrl || undefined} name={token.symbol} size={24} />
            <span>{messages['send.token'](token.symbol)}</span>
          </>
        ) : (
          messages['send.selectToken']
        )}
      </button>
      {token ? (
        <p data-portico-muted="">
          {messages['send.balance'](formatAmount(token.quantity.numeric, 6), token.symbol)}
        </p>
      ) : null}

      <label htmlFor={amountId}>{messages['send.amount']}</label>
      <div data-portico-field="">
        <input
          id={amountId}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? `${amountId}-error` : undefined}
          onChange={(event) => send.setAmount(event.target.value)}
        />
        <button type="button" disabled={!token} onClick={send.setMax}>
          {messages['send.max']}
        </button>
      </div>
      {errors.amount ? (
        <p id={`${amountId}-error`} role="alert" data-portico-error="">
          {errors.amount}
        </p>
      ) : null}

      <label htmlFor={receiverId}>{messages['send.receiver']}</label>
      <input
        id={receiverId}
        autoComplete="off"
        spellCheck={false}
        value={receiver}
        aria-invalid={errors.receiver ? true : undefined}
        aria-describedby={`${receiverId}-status`}
        onChange={(event) => send.setReceiver(event.target.value)}
      />
      <div id={`${receiverId}-status`} aria-live="polite">
        {errors.receiver ? (
          <p role="alert" data-portico-error="">
            {errors.receiver}
          </p>
        ) : resolving ? (
          <p data-portico-muted="">{messages['send.resolving']}</p>
        ) : resolved?.name ? (
          <p data-portico-resolved="">
            <WalletIcon src={resolved.avatar} name={resolved.name} size={24} />
            <span title={resolved.address}>
              {messages['send.resolved'](truncateAddress(resolved.address))}
            </span>
          </p>
        ) : null}
      </div>

      {problem ? (
        <p role="alert" data-portico-error="">
          {problem}
        </p>
      ) : null}
      <button type="submit" data-portico-primary="" disabled={busy || resolving}>
        {messages['send.review']}
      </button>
    </form>
  )
}
