import { atom, computed, onMount } from 'nanostores'
import { type ConnectReturnType, connectionEvent, connectionFeature } from '../connection/index.js'
import { type Connector, connectorsFeature, type Eip1193Provider } from '../connectors/index.js'
import { isPorticoError, PorticoError } from '../errors/index.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import { DEEPLINK_CHOICE_KEY, WALLET_CONNECT_CONNECTOR_ID } from './constants.js'
import type {
  ProviderListeners,
  WalletConnectProvider,
  WalletConnectSignIn,
} from './createWalletConnectProvider.js'
import type {
  WalletConnectAtoms,
  WalletConnectFeature,
  WalletConnectInternal,
  WalletConnectShell,
} from './types.js'

/**
 * WalletConnect: pairing by QR code or deep link, the session restored after a reload, the
 * wallet's own name once it is known. The shell every page loads holds the stores, the connector
 * (its provider a front that waits for the half) and what a click needs at once; the provider,
 * the links and the stored choice (`lazy.ts`) load when first used, WalletConnect's own packages
 * later still, with the first pairing or restore.
 */
export const walletConnectFeature = defineFeature({
  name: 'walletConnect',
  needs: [connectionFeature, connectorsFeature, modalFeature],
  storageKeys: [DEEPLINK_CHOICE_KEY],
  lazy: () => import('./lazy.js'),
  create(
    context,
    _options,
    lazy,
  ): { public: WalletConnectFeature; internal: WalletConnectInternal } {
    const connection = context.use(connectionFeature)
    const connectors = context.use(connectorsFeature)
    const stores: WalletConnectAtoms = {
      $wcUri: atom(),
      $wcPairingExpiry: atom(),
      $wcLinking: atom(),
      $recentWallet: atom(),
      $wcError: atom(),
      $status: atom('disconnected'),
      $connectedVia: atom(),
    }
    const { $wcUri, $wcError, $status } = stores
    const listeners: ProviderListeners = new Map()
    const linking = { changed: false }
    let signIn: WalletConnectSignIn | undefined
    let pending: Promise<ConnectReturnType | undefined> | undefined
    /** Whether anything asked for the provider: only then can there be a session to end. */
    let requested = false
    /** Counts cancellations, so a pairing cancelled while the code loads does not start. */
    let cancels = 0
    let abandoned: Error | undefined

    function reset() {
      $status.set('disconnected')
      for (const $store of [$wcUri, stores.$wcPairingExpiry, stores.$wcLinking, $wcError]) {
        $store.set(undefined)
      }
      stores.$recentWallet.set(undefined)
      linking.changed = true
      half.current()?.reset()
    }

    // The EIP-1193 provider the connector holds from start-up: a front whose real provider is
    // the half's. Listeners added before it exists are heard by it; requests go to it once it is
    // there (in the same turn once it is, so a second request joins the first exactly as without
    // the front). A pairing cancelled while the code loads does not start; a disconnect waits for
    // the code so a session being restored is ended too.
    const provider: Eip1193Provider & Pick<WalletConnectProvider, 'cancelPairing' | 'disconnect'> =
      {
        request(args) {
          requested = true
          const ticket = cancels
          return half.use((wc) => {
            if (args.method === 'eth_requestAccounts' && ticket !== cancels) throw abandoned
            return wc.provider.request(args)
          })
        },
        on(event, listener) {
          listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
        },
        removeListener(event, listener) {
          listeners.get(event)?.delete(listener)
        },
        cancelPairing(reason) {
          cancels++
          abandoned = reason
          half.current()?.provider.cancelPairing(reason)
        },
        // Nothing asked for WalletConnect: no session was restored or made on this page. The code
        // failed to load: nothing was restored either.
        disconnect: () =>
          requested
            ? half.use((wc) => wc.provider.disconnect()).catch(() => undefined)
            : Promise.resolve(),
      }
    const connector: Connector = {
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      chain: 'eip155',
      provider,
      disconnect: () => provider.disconnect(),
    }
    const shell: WalletConnectShell = {
      stores,
      connector,
      listeners,
      linking,
      linkingKey: DEEPLINK_CHOICE_KEY,
      signIn: () => signIn,
      reset,
      connection,
      connectors,
      modal: context.use(modalFeature),
    }
    const half = lazy(shell)

    // The stored choice is read (through the checks it passed when chosen) when something first
    // shows it: the checks' code is not in the page's first load.
    onMount(stores.$wcLinking, () => {
      half
        .use((wc) => wc.readLinking())
        .catch((error: unknown) =>
          context.logger.warn('could not read the deep link choice', error),
        )
    })
    // What a connection means for WalletConnect matters only where it was asked for.
    context.onDestroy(
      context.events.on(connectionEvent, (event) => {
        if (requested) half.use((wc) => wc.onConnection(event)).catch(() => undefined)
      }),
    )

    function startPairing(): Promise<ConnectReturnType | undefined> {
      if (connection.getActive('eip155')?.connector.id === WALLET_CONNECT_CONNECTOR_ID) {
        return Promise.resolve(undefined)
      }
      if (pending) {
        half.current()?.renewIfExpired()
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

    const feature: WalletConnectFeature = {
      ...stores,
      connector,
      $buffering: computed([$status, $wcUri], (status, uri) => status === 'connecting' && !uri),
      selectWallet: (wallet) => stores.$recentWallet.set(wallet),
      startPairing,
      retry() {
        $wcError.set(undefined)
        return startPairing()
      },
      // A link exists only once a pairing URI does, which the half makes.
      links: () => half.current()?.links() ?? {},
      openLink(kind) {
        const wc = half.current()
        if (!wc) throw new PorticoError('INVALID_INPUT', `No ${kind} link for this wallet`)
        wc.openLink(kind)
      },
      reset,
    }
    // WalletConnect needs a project id (the relay authenticates with it).
    if (context.options.projectId) connectors.add(connector)
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
