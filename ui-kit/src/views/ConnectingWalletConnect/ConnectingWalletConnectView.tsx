import type { WalletLinkKind } from '@portico/core'
import { useToast, useWalletConnect } from '@portico/react'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react'
import { LazyQrCode } from '../../components/QrCode/LazyQrCode.js'
import { WalletImage } from '../../components/WalletImage.js'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

type Tab = 'qrcode' | WalletLinkKind

export type ConnectingWalletConnectViewProps = ViewProps & {
  children?: (state: ReturnType<typeof useWalletConnect>) => ReactNode
}

function isMobileDevice() {
  return typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod/i.test(navigator.userAgent)
}

/**
 * WalletConnect pairing: a QR code (and "Copy link"), and the picked wallet's mobile, desktop or
 * web link when it has one. A retry appears when the pairing fails; an expired URI is renewed.
 */
export function ConnectingWalletConnectView({ children }: ConnectingWalletConnectViewProps) {
  const messages = useMessages()
  const toast = useToast()
  const wc = useWalletConnect()
  const { startPairing, uri, wallet, links, error, retry, openLink } = wc
  const tabsId = useId()
  const tabs: Tab[] = ['qrcode', ...(['mobile', 'desktop', 'web'] as const).filter((k) => links[k])]
  const [selected, setSelected] = useState<Tab>(
    isMobileDevice() && links.mobile ? 'mobile' : 'qrcode',
  )
  const tab = tabs.includes(selected) ? selected : 'qrcode'
  const [linkFailed, setLinkFailed] = useState(false)

  useEffect(() => {
    void startPairing()
  }, [startPairing])

  if (children) return <>{children(wc)}</>

  async function copy() {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      toast.showSuccess(messages['walletConnect.copied'])
    } catch {
      toast.showError(messages['account.copyFailed'])
    }
  }

  function open(kind: WalletLinkKind) {
    setLinkFailed(false)
    try {
      openLink(kind)
    } catch {
      setLinkFailed(true)
    }
  }

  function onTabKey(event: KeyboardEvent) {
    const index = tabs.indexOf(tab)
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = tabs[(index + step + tabs.length) % tabs.length]!
    setSelected(next)
    document.getElementById(`${tabsId}-${next}`)?.focus()
  }

  const name = wallet?.name ?? 'WalletConnect'
  return (
    <div data-portico-walletconnect="" data-state={error ? 'error' : uri ? 'ready' : 'pending'}>
      {wallet ? <WalletImage wallet={wallet} size={56} /> : null}
      {tabs.length > 1 ? (
        <div role="tablist" aria-label={messages['walletConnect.tabs']} onKeyDown={onTabKey}>
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
              onClick={() => setSelected(kind)}
            >
              {messages[`walletConnect.tab.${kind}`]}
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
            <p role="alert" data-portico-error="">
              {messages['walletConnect.failed']}
            </p>
            <button type="button" data-portico-primary="" onClick={() => void retry()}>
              {messages['walletConnect.retry']}
            </button>
          </>
        ) : tab === 'qrcode' ? (
          uri ? (
            <>
              <LazyQrCode value={uri} label={messages['walletConnect.qrLabel']} />
              <p data-portico-muted="">{messages['walletConnect.scan']}</p>
              <button type="button" onClick={() => void copy()}>
                {messages['walletConnect.copy']}
              </button>
            </>
          ) : (
            <p data-portico-muted="" aria-live="polite">
              {messages['walletConnect.preparing']}
            </p>
          )
        ) : (
          <>
            <button type="button" data-portico-primary="" disabled={!uri} onClick={() => open(tab)}>
              {messages['walletConnect.open'](name)}
            </button>
            {linkFailed ? <p role="alert">{messages['walletConnect.linkFailed']}</p> : null}
          </>
        )}
      </div>
    </div>
  )
}
