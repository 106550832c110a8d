import type { WalletLinkKind } from '@portico/core'
import { type UseWalletConnectReturnType, useToast, useWalletConnect } from '@portico/react'
import { useCallback, useEffect, useMemo, useState } from 'react'

/** A tab of the WalletConnect view: the QR code, or one of the wallet's links. */
export type WalletConnectTab = 'qrcode' | WalletLinkKind

/** The ConnectingWalletConnect view's state. */
export type ConnectingWalletConnectViewState = UseWalletConnectReturnType & {
  /** The QR code, then the links the picked wallet has. */
  tabs: readonly WalletConnectTab[]
  /** The tab shown (the mobile link first on a phone when the wallet has one). */
  tab: WalletConnectTab
  selectTab(tab: WalletConnectTab): void
  /** The name to show: the picked wallet's, or WalletConnect. */
  walletName: string
  /** Copies the pairing link and says so in a toast. */
  copy(): Promise<void>
  /** Opens one of the wallet's links (call it straight from the click). */
  open(kind: WalletLinkKind): void
  /** The last link could not be opened. */
  linkFailed: boolean
}

function isMobileDevice() {
  return typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod/i.test(navigator.userAgent)
}

/**
 * The ConnectingWalletConnect view-model: starts pairing when the view shows (core renews an
 * expired URI while the view is open), and offers the QR code and the picked wallet's links.
 */
export function useConnectingWalletConnectView(): ConnectingWalletConnectViewState {
  const { showSuccess, showError } = useToast()
  const wc = useWalletConnect()
  const { startPairing, data: uri, wallet, links, openLink } = wc
  const tabs = useMemo<WalletConnectTab[]>(
    () => ['qrcode', ...(['mobile', 'desktop', 'web'] as const).filter((k) => links[k])],
    [links],
  )
  const [selected, setSelected] = useState<WalletConnectTab>(
    isMobileDevice() && links.mobile ? 'mobile' : 'qrcode',
  )
  const tab = tabs.includes(selected) ? selected : 'qrcode'
  const [linkFailed, setLinkFailed] = useState(false)

  useEffect(() => {
    void startPairing()
  }, [startPairing])

  const copy = useCallback(async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      showSuccess({ key: 'walletConnect.copied' })
    } catch {
      showError({ key: 'walletConnect.copyFailed' })
    }
  }, [uri, showSuccess, showError])

  const open = useCallback(
    (kind: WalletLinkKind) => {
      setLinkFailed(false)
      try {
        openLink(kind)
      } catch {
        setLinkFailed(true)
      }
    },
    [openLink],
  )

  return useMemo(
    () => ({
      ...wc,
      tabs,
      tab,
      selectTab: setSelected,
      walletName: wallet?.name ?? 'WalletConnect',
      copy,
      open,
      linkFailed,
    }),
    [wc, tabs, tab, wallet, copy, open, linkFailed],
  )
}
