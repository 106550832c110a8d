import { formatAmount, truncateAddress } from '@portico/core'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import {
  useWalletSendPreviewView,
  type WalletSendPreviewViewState,
} from './useWalletSendPreviewView.js'

/**
 * What leaves, to whom, and the network fee; Send asks the wallet. Success resets the modal to the
 * Account view; a refusal or a failure goes back to the form, which keeps what was typed.
 */
export default function WalletSendPreviewView({
  children,
}: DefaultViewProps<WalletSendPreviewViewState>) {
  const state = useWalletSendPreviewView()
  const { t } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  const { token, amount, receiver, fee, isSending } = state
  if (!token || !receiver || !fee) return null
  const address = truncateAddress(receiver.address)
  return (
    <div data-portico-send-preview="">
      <dl>
        <dt>{t('send.youSend')}</dt>
        <dd data-portico-heading="">
          {t('send.amountOf', { amount: formatAmount(amount, 6), symbol: token.symbol })}
        </dd>
        <dt>{t('send.to')}</dt>
        <dd title={receiver.address}>
          {receiver.name ? t('send.toNamed', { name: receiver.name, address }) : address}
        </dd>
        <dt>{t('send.fee')}</dt>
        <dd>
          {t('send.feeAmount', { amount: formatAmount(fee.formatted, 6), symbol: fee.symbol })}
        </dd>
      </dl>
      {isSending ? (
        <p aria-live="polite" data-portico-muted="">
          {t('send.approveInWallet')}
        </p>
      ) : null}
      <div data-portico-actions="">
        <button type="button" onClick={state.cancel} disabled={isSending}>
          {t('send.cancel')}
        </button>
        <button
          type="button"
          data-portico-primary=""
          onClick={() => void state.confirm()}
          disabled={isSending}
        >
          {t('send.confirm')}
        </button>
      </div>
    </div>
  )
}
