import { useId } from 'react'
import { LazyQrCode } from '../components/QrCode/LazyQrCode.js'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { useWalletReceiveView, type WalletReceiveViewState } from './useWalletReceiveView.js'

/** The account's address as text and QR code, a copy button, and where it can receive. */
export default function WalletReceiveView({ children }: DefaultViewProps<WalletReceiveViewState>) {
  const state = useWalletReceiveView()
  const { t } = useViewMessages<typeof en & typeof views>(views)
  const networksId = useId()
  if (children) return <>{children(state)}</>
  const { address, networks } = state
  if (!address) return null
  return (
    <div data-portico-receive="">
      <LazyQrCode value={address} label={t('receive.qrLabel')} size={200} />
      <p data-portico-address="" dir="ltr">
        {address}
      </p>
      <button type="button" onClick={() => void state.copy()}>
        {t('receive.copy')}
      </button>
      <p data-portico-muted="" id={networksId}>
        {t('receive.networks')}
      </p>
      <ul aria-labelledby={networksId} data-portico-chips="">
        {networks.map((network) => (
          <li key={network.id}>{network.name}</li>
        ))}
      </ul>
      <p data-portico-muted="">{t('receive.warning')}</p>
    </div>
  )
}
