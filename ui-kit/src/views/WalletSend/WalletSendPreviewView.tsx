import { formatAmount, truncateAddress } from '@portico/core'
import { usePortico, useSendToken } from '@portico/react'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

/**
 * What leaves, to whom, and the network fee; Send asks the wallet. Success resets the modal to the
 * Account view; a refusal or a failure goes back to the form, which keeps what was typed.
 */
export function WalletSendPreviewView(_props: ViewProps) {
  const client = usePortico()
  const messages = useMessages()
  const { token, amount, resolved, prepared, loading, send } = useSendToken()

  async function confirm() {
    client.modal.pushTransactionStep({ view: 'Account' })
    try {
      await send()
      client.modal.popTransactionStep('success')
    } catch {
      client.modal.popTransactionStep('error')
    }
  }

  if (!token || !resolved || !prepared) return null
  return (
    <div data-portico-send-preview="">
      <dl>
        <dt>{messages['send.youSend']}</dt>
        <dd data-portico-heading="">
          {formatAmount(amount, 6)} {token.symbol}
        </dd>
        <dt>{messages['send.to']}</dt>
        <dd title={resolved.address}>
          {resolved.name
            ? `${resolved.name} (${truncateAddress(resolved.address)})`
            : truncateAddress(resolved.address)}
        </dd>
        <dt>{messages['send.fee']}</dt>
        <dd>
          ≈ {formatAmount(prepared.fee.formatted, 6)} {prepared.fee.symbol}
        </dd>
      </dl>
      {loading ? (
        <p aria-live="polite" data-portico-muted="">
          {messages['send.approveInWallet']}
        </p>
      ) : null}
      <div data-portico-actions="">
        <button type="button" onClick={() => client.modal.back()} disabled={loading}>
          {messages['send.cancel']}
        </button>
        <button
          type="button"
          data-portico-primary=""
          onClick={() => void confirm()}
          disabled={loading}
        >
          {messages['send.confirm']}
        </button>
      </div>
    </div>
  )
}
