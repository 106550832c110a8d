import type { LazyContext } from '../kernel/feature.js'
import * as kit from '../kit.js'
import { cleanDisplayText, TEXT_LIMITS } from '../kit.js'
import { toSafeImageUrl } from '../lazyKit.js'
import { createWalletConnectProvider } from './createWalletConnectProvider.js'
import { deepLinkChoice } from './deepLinkChoice.js'
import { buildWalletLinks, openWalletLink } from './deepLinks.js'
import { loadUniversalProvider } from './loadUniversalProvider.js'
import { pairingNamespaces } from './pairingNamespaces.js'
import type { WalletConnectHalf, WalletConnectShell } from './types.js'

function expiryOf(uri: string): number | undefined {
  const match = /[?&]expiryTimestamp=(\d+)/.exec(uri)
  return match ? Number(match[1]) * 1000 : undefined
}

/**
 * WalletConnect's heavy half: the provider behind the connector's front (pairing, sessions, the
 * relay's deadlines), the wallet links of a pairing URI, the stored deep-link choice and what a
 * connection means for WalletConnect. Fetched the first time the provider is asked anything (the
 * user picks WalletConnect, a stored session is restored) or the choice is shown; WalletConnect's
 * own packages load later still, with the first pairing or restore.
 */
export function createLazy(context: LazyContext, shell: WalletConnectShell): WalletConnectHalf {
  const { options, logger, storage } = context
  const now = () => context.clock.now()
  const { stores, connection, connector, linking } = shell
  const { $wcUri, $wcPairingExpiry, $wcLinking, $recentWallet, $status, $connectedVia } = stores
  let expiryTimer: ReturnType<typeof setTimeout> | undefined
  let linkedThisPairing = false

  const metadata = options.metadata ?? {
    name: 'Portico',
    description: 'Connect a wallet',
    url: typeof window === 'undefined' ? 'https://portico.invalid' : window.location.origin,
    icons: [],
  }
  const provider = createWalletConnectProvider({
    kit,
    load: () =>
      loadUniversalProvider({
        projectId: options.projectId,
        relayUrl: options.apiUrls.relay,
        metadata,
        storage: context.storageAdapter,
        storageKey: context.storageKey,
      }),
    namespaces: () => pairingNamespaces(options.networks),
    onUri(uri) {
      $wcUri.set(uri)
      const expiry = expiryOf(uri)
      $wcPairingExpiry.set(expiry)
      clearTimeout(expiryTimer)
      if (expiry !== undefined) {
        expiryTimer = setTimeout(
          () => {
            if (
              $status.get() === 'connecting' &&
              shell.modal.isShowing('ConnectingWalletConnect')
            ) {
              provider.refreshPairing()
            }
          },
          Math.max(0, expiry - now()),
        )
      }
    },
    onPairingError(error) {
      logger.warn('WalletConnect pairing failed', error)
    },
    signIn: shell.signIn,
    listeners: shell.listeners,
  })
  context.onDestroy(() => {
    clearTimeout(expiryTimer)
    void provider.close()
  })

  /** Spec §4 "Finalising a connection": the deep link and the recent wallet are stored. */
  function finalise() {
    clearTimeout(expiryTimer)
    $status.set('connected')
    const choice = $wcLinking.get()
    if (choice && linkedThisPairing) storage.write(shell.linkingKey, choice)
    const wallet = $recentWallet.get()
    if (wallet) {
      shell.connectors.addRecentWallet({
        id: wallet.id,
        name: wallet.name,
        imageUrl: wallet.imageUrl,
        rdns: wallet.rdns,
        mobileLink: wallet.mobileLink,
        desktopLink: wallet.desktopLink,
        webappLink: wallet.webappLink,
      })
    }
    $connectedVia.set(linkedThisPairing ? 'mobile' : 'qrcode')
    const peer = provider.peer()
    if (peer) {
      connection.setWalletInfo('eip155', {
        id: wallet?.id ?? connector.id,
        // The wallet names itself: untrusted text, cleaned like every name from outside.
        name: cleanDisplayText(peer.name, TEXT_LIMITS.name) ?? wallet?.name ?? 'WalletConnect',
        icon: toSafeImageUrl(peer.icon) ?? wallet?.imageUrl,
        type: 'WALLET_CONNECT',
      })
    }
    $wcUri.set(undefined)
  }

  function links() {
    const wallet = $recentWallet.get()
    const uri = $wcUri.get()
    return wallet && uri ? buildWalletLinks(wallet, uri) : {}
  }

  return {
    provider,
    links,
    openLink(kind) {
      const wallet = $recentWallet.get()
      const href = links()[kind]
      if (!wallet || !href) {
        throw new kit.PorticoError('INVALID_INPUT', `No ${kind} link for this wallet`)
      }
      openWalletLink(href, kind)
      linkedThisPairing = true
      linking.changed = true
      $wcLinking.set({ name: wallet.name, href })
      $status.set('connecting')
    },
    // The stored choice, read back through the checks it passed when chosen (a tampered href is
    // not exposed). A choice made or cleared since the page loaded wins over the stored one.
    readLinking() {
      if (!linking.changed) $wcLinking.set(storage.read(shell.linkingKey, deepLinkChoice))
    },
    renewIfExpired() {
      const expiry = $wcPairingExpiry.get()
      if (expiry !== undefined && expiry <= now()) provider.refreshPairing()
    },
    reset() {
      clearTimeout(expiryTimer)
      linkedThisPairing = false
    },
    onConnection(event) {
      if (event.namespace !== 'eip155') return
      const ours = connection.getActive('eip155')?.connector.id === connector.id
      if (event.type === 'connected' && ours) finalise()
      else if (event.type === 'reconnected' && ours) $status.set('connected')
      else if (event.type === 'disconnected') {
        if ($status.get() === 'connected') shell.reset()
        // Disconnecting also ends a WalletConnect session that is not the active connection
        // (one being restored when the user disconnected, or one another wallet replaced), so
        // it does not come back as "connected" the next time the user picks WalletConnect.
        void provider.disconnect().catch((error: unknown) => {
          logger.warn('ending the WalletConnect session failed', error)
        })
      }
    },
  }
}
