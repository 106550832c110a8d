import { type KeyboardEvent, useId } from 'react'
import { LazyQrCode } from '../components/QrCode/LazyQrCode.js'
import { WalletImage } from '../components/WalletImage.js'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import {
  type ConnectingWalletConnectViewState,
  useConnectingWalletConnectView,
} from './useConnectingWalletConnectView.js'

/**
 * WalletConnect pairing: a QR code (and "Copy link"), and the picked wallet's mobile, desktop or
 * web link when it has one. When the pairing fails (no URI in time, the relay unreachable), the
 * reason and a retry appear; the retry starts a new pairing.
 */
export default function ConnectingWalletConnectView({
  children,
}: DefaultViewProps<ConnectingWalletConnectViewState>) {
  const state = useConnectingWalletConnectView()
  const messages = useViewMessages<typeof en & typeof views>(views)
  const { t, direction } = messages
  const tabsId = useId()
  if (children) return <>{children(state)}</>
  const { tabs, tab, selectTab, data: uri, wallet, error, retry, copy, open, linkFailed } = state

  function onTabKey(event: KeyboardEvent) {
    // Arrow keys follow the reading direction: in Arabic the next tab is on the left.
    const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
    const backward = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft'
    const step = event.key === forward ? 1 : event.key === backward ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!
    selectTab(next)
    document.getElementById(`${tabsId}-${next}`)?.focus()
  }

  return (
    <div data-portico-walletconnect="" data-state={error ? 'error' : uri ? 'ready' : 'pending'}>
      {wallet ? <WalletImage wallet={wallet} size={56} /> : null}
      {tabs.length > 1 ? (
        <div role="tablist" aria-label={t('walletConnect.tabs')} onKeyDown={onTabKey}>
          {tabs.map((kind) => (
            <button
              key={kind}
              id={`${tabsId}-${kind}`}
              type="button"
              role="tab"
              aria-selected={tab === kind}
              aria-controls={`${tabsId}-panel`}
              tabIndex={tab === kind ? 0 : -1}
              data-state={tab === kind ? 'active' : 'inactive'}
              onClick={() => selectTab(kind)}
            >
              {t(`walletConnect.tab.${kind}`)}
            </button>
          ))}
        </div>
      ) : null}
      <div
        id={`${tabsId}-panel`}
        data-portico-panel=""
        {...(tabs.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `${tabsId}-${tab}` } : {})}
      >
        {error ? (
          <>
            <div role="alert" data-portico-error="">
              <p>{t('walletConnect.failed')}</p>
              {/* Why, in the user's words: the relay is unreachable, the wallet refused… */}
              <p>{messages.error(error)}</p>
            </div>
            <button type="button" data-portico-primary="" onClick={() => void retry()}>
              {t('walletConnect.retry')}
            </button>
          </>
        ) : tab === 'qrcode' ? (
          uri ? (
            <>
              <LazyQrCode value={uri} label={t('walletConnect.qrLabel')} />
              <p data-portico-muted="">{t('walletConnect.scan')}</p>
              <button type="button" onClick={() => void copy()}>
                {t('walletConnect.copy')}
              </button>
            </>
          ) : (
            <p data-portico-muted="" aria-live="polite">
              {t('walletConnect.preparing')}
            </p>
          )
        ) : (
          <>
            <button type="button" data-portico-primary="" disabled={!uri} onClick={() => open(tab)}>
              {t('walletConnect.open', { wallet: state.walletName })}
            </button>
            {linkFailed ? <p role="alert">{t('walletConnect.linkFailed')}</p> : null}
          </>
        )}
      </div>
    </div>
  )
}
