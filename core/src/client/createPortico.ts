import { createAccount } from '../account/index.js'
import { defaultAdapterLoaders } from '../adapters/index.js'
import { createAlerts } from '../alerts/index.js'
import { createApiClient, createBlockchainApi, createToolkitApi } from '../api/index.js'
import { createBalances } from '../balances/index.js'
import type { ChainNamespace } from '../caip/index.js'
import { createConnection } from '../connection/index.js'
import { createConnectList, createConnectors, createRecentWallets } from '../connectors/index.js'
import { PorticoError, userMessages } from '../errors/index.js'
import { createHistory, createHistoryApi } from '../history/index.js'
import { createIdentity } from '../identity/index.js'
import { createLogger } from '../logger/index.js'
import { createModal } from '../modal/index.js'
import { createNames, createNamesApi } from '../names/index.js'
import { createNetwork } from '../network/index.js'
import { networkNamespace, type PorticoOptions, resolveOptions } from '../options/index.js'
import { createPendingRequests } from '../requests/index.js'
import { createSend } from '../send/index.js'
import { createSiwxState } from '../siwx/index.js'
import { createPorticoStorage, resolveStorageAdapter } from '../storage/index.js'
import { createTheme } from '../theme/index.js'
import { createToast } from '../toast/index.js'
import { createWalletConnect } from '../walletconnect/index.js'
import { createWallets } from '../wallets/index.js'
import { addConnectionRules } from './connectionRules.js'
import { createListedWalletActions } from './listedWallets.js'
import { addFarcasterLeaveRule } from './navigationRules.js'
import { createOriginCheck } from './originCheck.js'

/**
 * Builds one Portico client: every store and action of the SDK, with no state shared with any
 * other client (two on one page, or one per SSR request, are independent). Makes no network
 * request until the user acts (or a stored connection is restored).
 */
export function createPortico(options: PorticoOptions) {
  const { options: resolved, alerts: initialAlerts } = resolveOptions(options)
  const now = options.now ?? Date.now
  const logger = createLogger({ level: options.logLevel, now })
  const storageAdapter = resolveStorageAdapter(options.storage)
  const storage = createPorticoStorage(storageAdapter, logger)
  const isBrowser = typeof window !== 'undefined'

  const alerts = createAlerts({ logger })
  for (const code of initialAlerts) alerts.raise(code)
  const toast = createToast()
  const theme = createTheme(resolved)
  const requests = createPendingRequests()
  const siwx = createSiwxState(resolved.siwx)
  const account = createAccount(
    storage.activeNamespace.get() ?? networkNamespace(resolved.defaultNetwork),
  )

  const blockchainClient = createApiClient({
    baseUrl: resolved.apiUrls.blockchain,
    projectId: resolved.projectId,
    fetch: options.fetch,
  })
  const blockchainApi = createBlockchainApi(blockchainClient)
  const toolkitClient = createApiClient({
    baseUrl: resolved.apiUrls.toolkit,
    projectId: resolved.projectId,
    fetch: options.fetch,
  })
  const toolkitApi = createToolkitApi(toolkitClient)

  const network = createNetwork({ options: resolved, storage, account })
  const connectors = createConnectors({
    options: resolved,
    externalConnectors: options.connectors,
    logger,
  })
  const recentWallets = createRecentWallets(storage)
  const wallets = createWallets({
    options: resolved,
    toolkit: toolkitClient,
    $connectors: connectors.$connectors,
    logger,
  })
  const connectList = createConnectList({
    options: resolved,
    $connectors: connectors.$connectors,
    $recentWallets: recentWallets.$recentWallets,
    $featured: wallets.$featured,
    $recommended: wallets.$recommended,
  })
  const adapterLoaders = { ...defaultAdapterLoaders, ...options.adapters }
  const connection = createConnection({
    account,
    connectors,
    recentWallets,
    network,
    storage,
    toast,
    logger,
    loadAdapter: (namespace: ChainNamespace) => {
      const load = adapterLoaders[namespace]
      if (!load) return Promise.reject(new PorticoError('CHAIN_ADAPTER_NOT_FOUND'))
      return load({ fetch: options.fetch })
    },
  })
  const balances = createBalances({
    account,
    network,
    connection,
    blockchainApi,
    storage,
    toast,
    logger,
    now,
  })
  const identity = createIdentity({ account, blockchainApi, storage, logger, now })
  const history = createHistory({
    api: createHistoryApi(blockchainClient),
    account,
    toast,
    logger,
  })
  const names = createNames({
    api: createNamesApi(blockchainClient),
    account,
    connection,
    storage,
    logger,
    now,
  })
  const send = createSend({
    account,
    network,
    connection,
    balances,
    history,
    names,
    identity,
    toast,
    logger,
    noReturnTransferTokens: options.noReturnTransferTokens,
  })

  const modal = createModal({
    defaultView: () => (account.$account.get().status === 'connected' ? 'Account' : 'Connect'),
    canClose: () =>
      !(
        siwx.isRequired() &&
        account.$account.get().status === 'connected' &&
        siwx.$session.get() === undefined
      ),
    rejectPendingRequests: () => requests.rejectAll(new Error(userMessages.REQUEST_ABORTED)),
  })

  const walletConnect = createWalletConnect({
    options: resolved,
    account,
    connection,
    recentWallets,
    storage,
    storageAdapter,
    logger,
    now,
    isViewOpen: () => modal.$open.get() && modal.$view.get().view === 'ConnectingWalletConnect',
  })
  // WalletConnect needs a project id (the relay authenticates with it).
  if (resolved.projectId) connectors.add(walletConnect.connector)
  const listedWallets = createListedWalletActions({ connectors, connection, walletConnect })

  const authReloaders = new Set<() => void>()
  const checkOrigin = createOriginCheck({
    toolkitApi,
    alerts,
    logger,
    origin: isBrowser && resolved.projectId ? window.location.origin : undefined,
  })
  const cleanups = [
    addFarcasterLeaveRule(modal, {
      hasAddress: () => Boolean(account.$account.get().address),
      clearFarcasterUrl: () =>
        account.update(account.$activeNamespace.get(), { farcasterUrl: undefined }),
      // The auth connector (secure frame) registers itself through onAuthReload.
      reloadAuthConnector: () => {
        for (const reload of authReloaders) reload()
      },
    }),
    addConnectionRules({
      options: resolved,
      account,
      connection,
      network,
      modal,
      balances,
      identity,
    }),
    walletConnect.attach(),
    modal.$open.listen((open) => {
      if (open) {
        connectors.startDiscovery()
        void checkOrigin()
        if (resolved.projectId) void wallets.prefetch()
      } else {
        wallets.releaseImages()
      }
    }),
  ]

  // Restore a stored connection straight away, unless the app renders on the server too: then
  // PorticoProvider does it after hydration so the first render matches the server's.
  if (isBrowser && !resolved.ssr) void connection.reconnect()

  return {
    options: resolved,
    logger,
    storage,
    now,
    alerts,
    toast,
    theme,
    modal,
    account,
    network,
    connectors,
    recentWallets,
    /** The Connect view's ordered list of wallets. */
    $connectList: connectList,
    connection,
    walletConnect,
    wallets,
    ...listedWallets,
    balances,
    identity,
    history,
    names,
    send,
    requests,
    siwx,
    api: { blockchain: blockchainApi, toolkit: toolkitApi },
    /** Lets the auth connector be reloaded by navigation rules. */
    onAuthReload(reload: () => void) {
      authReloaders.add(reload)
      return () => authReloaders.delete(reload)
    },
    /** Stops timers and listeners; the client must not be used afterwards. */
    destroy() {
      for (const cleanup of cleanups) cleanup()
      connectors.stop()
      wallets.stop()
      void walletConnect.stop()
      toast.hide()
      authReloaders.clear()
    },
  }
}

export type PorticoClient = ReturnType<typeof createPortico>
