import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import { type ConnectReturnType, connectionEvent, connectionFeature } from '../connection/index.js'
import { type Connector, connectorsFeature, type ListedWallet } from '../connectors/index.js'
import { isPorticoError, PorticoError } from '../errors/index.js'
import { defineFeature } from '../kernel/feature.js'
import { lazyModule } from '../kernel/lazy.js'
import { modalFeature } from '../modal/feature.js'
import { cleanDisplayText, TEXT_LIMITS, toSafeImageUrl } from '../security/index.js'
import type { WalletConnectProvider, WalletConnectSignIn } from './createWalletConnectProvider.js'
import type { DeepLinkChoice } from './deepLinkChoice.js'
import type { WalletLinkKind, WalletLinks } from './deepLinks.js'
import { createLazyWalletConnectProvider, loadedProviderCode } from './lazyProvider.js'

export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/** Where a WalletConnect pairing is. */
export type WalletConnectStatus = 'disconnected' | 'connecting' | 'connected'

export type { DeepLinkChoice }

const DEEPLINK_CHOICE_KEY = 'deeplink_choice'

/** The checks a stored deep-link choice passes again: fetched when something shows the choice. */
const deepLinkCode = lazyModule('deep link choice', () => import('./deepLinkChoice.js'))

/** WalletConnect pairing and deep links (`client.walletConnect`). */
export type WalletConnectFeature = {
  connector: Connector
  $wcUri: ReadableAtom<string | undefined>
  /** When the URI stops being valid (ms since epoch). */
  $wcPairingExpiry: ReadableAtom<number | undefined>
  /** The deep link the user chose; stored on success. */
  $wcLinking: ReadableAtom<DeepLinkChoice | undefined>
  /** The listed wallet the user picked for this pairing. */
  $recentWallet: ReadableAtom<ListedWallet | undefined>
  $wcError: ReadableAtom<PorticoError | undefined>
  /** Waiting for a URI. */
  $buffering: ReadableAtom<boolean>
  $status: ReadableAtom<WalletConnectStatus>
  /** How the last session was made: 'mobile' (deep link) or 'qrcode'. */
  $connectedVia: ReadableAtom<'mobile' | 'qrcode' | undefined>
  /** Picks the wallet the next links point at (undefined: a plain QR code). */
  selectWallet(wallet: ListedWallet | undefined): void
  /** Starts pairing (or joins the one under way); renews an expired URI. */
  startPairing(): Promise<ConnectReturnType | undefined>
  retry(): Promise<ConnectReturnType | undefined>
  /** The selected wallet's links for the current URI. */
  links(): WalletLinks
  /** Opens a link in the same click (no await before it). */
  openLink(kind: WalletLinkKind): void
  /** Back to disconnected: clears the URI, the linking and the recent wallet. */
  reset(): void
}

/** What sibling features may do with WalletConnect. */
export type WalletConnectInternal = WalletConnectFeature & {
  /** Asks for a sign-in within every pairing's approval from now on (undefined: no more). */
  setSignIn(signIn: WalletConnectSignIn | undefined): void
}

function expiryOf(uri: string): number | undefined {
  const match = /[?&]expiryTimestamp=(\d+)/.exec(uri)
  return match ? Number(match[1]) * 1000 : undefined
}

/**
 * WalletConnect: pairing by QR code or deep link, the session restored after a reload, the
 * wallet's own name once it is known. The WalletConnect packages load only when first used.
 */
export const walletConnectFeature = defineFeature({
  name: 'walletConnect',
  needs: [connectionFeature, connectorsFeature, modalFeature],
  storageKeys: [DEEPLINK_CHOICE_KEY],
  create(context): { public: WalletConnectFeature; internal: WalletConnectInternal } {
    const { options, logger } = context
    const now = context.clock.now
    const connection = context.use(connectionFeature)
    const connectors = context.use(connectorsFeature)
    const modal = context.use(modalFeature)
    const isViewOpen = () => modal.isShowing('ConnectingWalletConnect')
    const $wcUri = atom<string | undefined>(undefined)
    const $wcPairingExpiry = atom<number | undefined>(undefined)
    const $wcLinking = atom<DeepLinkChoice | undefined>(undefined)
    // The stored choice, read back through the checks it passed when chosen (a tampered href is
    // not exposed), when something first shows it: the checks' code is not in the page's first
    // load. A choice made or cleared since the page loaded wins over the stored one.
    let linkingChanged = false
    onMount($wcLinking, () => {
      const read = (code: typeof import('./deepLinkChoice.js')) => {
        if (!linkingChanged)
          $wcLinking.set(context.storage.read(DEEPLINK_CHOICE_KEY, code.deepLinkChoice))
      }
      const code = deepLinkCode.loaded()
      if (code) read(code)
      else
        deepLinkCode.load().then(read, (error: unknown) => {
          logger.warn('could not read the deep link choice', error)
        })
    })
    const $recentWallet = atom<ListedWallet | undefined>(undefined)
    const $wcError = atom<PorticoError | undefined>(undefined)
    const $status = atom<WalletConnectStatus>('disconnected')
    const $connectedVia = atom<'mobile' | 'qrcode' | undefined>(undefined)
    const $buffering = computed([$status, $wcUri], (status, uri) => status === 'connecting' && !uri)
    let pending: Promise<ConnectReturnType | undefined> | undefined
    let expiryTimer: ReturnType<typeof setTimeout> | undefined
    let linkedThisPairing = false
    let signIn: WalletConnectSignIn | undefined

    const metadata = options.metadata ?? {
      name: 'Portico',
      description: 'Connect a wallet',
      url: typeof window === 'undefined' ? 'https://portico.invalid' : window.location.origin,
      icons: [],
    }

    // Its code loads on the first request (the user picks WalletConnect, a session is restored).
    const provider: WalletConnectProvider = createLazyWalletConnectProvider({
      load: {
        projectId: options.projectId,
        relayUrl: options.apiUrls.relay,
        metadata,
        storage: context.storageAdapter,
        storageKey: context.storageKey,
      },
      networks: options.networks,
      onUri(uri) {
        $wcUri.set(uri)
        const expiry = expiryOf(uri)
        $wcPairingExpiry.set(expiry)
        clearTimeout(expiryTimer)
        if (expiry !== undefined) {
          expiryTimer = setTimeout(
            () => {
              if ($status.get() === 'connecting' && isViewOpen()) provider.refreshPairing()
            },
            Math.max(0, expiry - now()),
          )
        }
      },
      onPairingError(error) {
        logger.warn('WalletConnect pairing failed', error)
      },
      signIn: () => signIn,
    })

    const connector: Connector = {
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      chain: 'eip155',
      provider,
      disconnect: () => provider.disconnect(),
    }

    function reset() {
      clearTimeout(expiryTimer)
      $status.set('disconnected')
      $wcUri.set(undefined)
      $wcPairingExpiry.set(undefined)
      linkingChanged = true
      $wcLinking.set(undefined)
      $recentWallet.set(undefined)
      $wcError.set(undefined)
      linkedThisPairing = false
    }

    function startPairing(): Promise<ConnectReturnType | undefined> {
      if (connection.getActive('eip155')?.connector.id === WALLET_CONNECT_CONNECTOR_ID) {
        return Promise.resolve(undefined)
      }
      if (pending) {
        const expiry = $wcPairingExpiry.get()
        if (expiry !== undefined && expiry <= now()) provider.refreshPairing()
        return pending
      }
      $wcError.set(undefined)
      $status.set('connecting')
      pending = connection
        .connect({ connectorId: WALLET_CONNECT_CONNECTOR_ID })
        .catch((error: unknown) => {
          // Replaced by another wallet, disconnected or destroyed: the pairing is given up, its
          // wait settled and its relay client shut, so a late approval connects nothing.
          if (isPorticoError(error, 'ABORTED')) provider.cancelPairing(error)
          else {
            $wcError.set(
              isPorticoError(error)
                ? error
                : new PorticoError('WALLET_ERROR', 'The WalletConnect pairing failed', {
                    cause: error,
                  }),
            )
          }
          $status.set('disconnected')
          $wcUri.set(undefined)
          return undefined
        })
        .finally(() => {
          pending = undefined
        })
      return pending
    }

    /** Spec §4 "Finalising a connection": the deep link and the recent wallet are stored. */
    function finalise() {
      clearTimeout(expiryTimer)
      $status.set('connected')
      const linking = $wcLinking.get()
      if (linking && linkedThisPairing) context.storage.write(DEEPLINK_CHOICE_KEY, linking)
      const wallet = $recentWallet.get()
      if (wallet) {
        connectors.addRecentWallet({
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
          id: wallet?.id ?? WALLET_CONNECT_CONNECTOR_ID,
          // The wallet names itself: untrusted text, cleaned like every name from outside.
          name: cleanDisplayText(peer.name, TEXT_LIMITS.name) ?? wallet?.name ?? 'WalletConnect',
          icon: toSafeImageUrl(peer.icon) ?? wallet?.imageUrl,
          type: 'WALLET_CONNECT',
        })
      }
      $wcUri.set(undefined)
    }

    function links(): WalletLinks {
      const wallet = $recentWallet.get()
      const uri = $wcUri.get()
      // A URI comes from the provider's code, so the link builders that load with it are here.
      const code = loadedProviderCode()
      return wallet && uri && code ? code.buildWalletLinks(wallet, uri) : {}
    }

    const feature: WalletConnectFeature = {
      connector,
      $wcUri,
      $wcPairingExpiry,
      $wcLinking,
      $recentWallet,
      $wcError,
      $buffering,
      $status,
      $connectedVia,
      selectWallet(wallet) {
        $recentWallet.set(wallet)
      },
      startPairing,
      retry() {
        $wcError.set(undefined)
        return startPairing()
      },
      links,
      openLink(kind) {
        const wallet = $recentWallet.get()
        const href = links()[kind]
        if (!wallet || !href) {
          throw new PorticoError('INVALID_INPUT', `No ${kind} link for this wallet`)
        }
        // A link exists only once the provider's code (and the opener with it) has loaded.
        loadedProviderCode()?.openWalletLink(href, kind)
        linkedThisPairing = true
        linkingChanged = true
        $wcLinking.set({ name: wallet.name, href })
        $status.set('connecting')
      },
      reset,
    }
    // WalletConnect needs a project id (the relay authenticates with it).
    if (options.projectId) connectors.add(connector)
    context.onDestroy(() => {
      clearTimeout(expiryTimer)
      void provider.close()
    })
    context.onDestroy(
      context.events.on(connectionEvent, (event) => {
        if (event.namespace !== 'eip155') return
        const activeId = connection.getActive('eip155')?.connector.id
        if (event.type === 'connected' && activeId === WALLET_CONNECT_CONNECTOR_ID) finalise()
        else if (event.type === 'reconnected' && activeId === WALLET_CONNECT_CONNECTOR_ID) {
          $status.set('connected')
        } else if (event.type === 'disconnected') {
          if ($status.get() === 'connected') reset()
          // Disconnecting also ends a WalletConnect session that is not the active connection
          // (one being restored when the user disconnected, or one another wallet replaced), so
          // it does not come back as "connected" the next time the user picks WalletConnect.
          void provider.disconnect().catch((error: unknown) => {
            logger.warn('ending the WalletConnect session failed', error)
          })
        }
      }),
    )
    return {
      public: feature,
      internal: {
        ...feature,
        setSignIn(next) {
          signIn = next
        },
      },
    }
  },
})
