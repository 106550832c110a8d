import { createAccount } from '../account/index.js'
import { createAlerts } from '../alerts/index.js'
import { userMessages } from '../errors/index.js'
import { createLogger } from '../logger/index.js'
import { createModal } from '../modal/index.js'
import { networkNamespace, type PorticoOptions, resolveOptions } from '../options/index.js'
import { createPendingRequests } from '../requests/index.js'
import { createSiwxState } from '../siwx/index.js'
import { createPorticoStorage, resolveStorageAdapter } from '../storage/index.js'
import { createTheme } from '../theme/index.js'
import { createToast } from '../toast/index.js'
import { addFarcasterLeaveRule } from './navigationRules.js'

/**
 * Builds one Portico client: every store and action of the SDK, with no state shared with any
 * other client (two on one page, or one per SSR request, are independent).
 */
export function createPortico(options: PorticoOptions) {
  const { options: resolved, alerts: initialAlerts } = resolveOptions(options)
  const now = options.now ?? Date.now
  const logger = createLogger({ level: options.logLevel, now })
  const storage = createPorticoStorage(resolveStorageAdapter(options.storage), logger)

  const alerts = createAlerts({ logger })
  for (const code of initialAlerts) alerts.raise(code)
  const toast = createToast()
  const theme = createTheme(resolved)
  const requests = createPendingRequests()
  const siwx = createSiwxState(resolved.siwx)
  const account = createAccount(
    storage.activeNamespace.get() ?? networkNamespace(resolved.defaultNetwork),
  )

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

  const authReloaders = new Set<() => void>()
  const removeFarcasterRule = addFarcasterLeaveRule(modal, {
    hasAddress: () => Boolean(account.$account.get().address),
    clearFarcasterUrl: () =>
      account.update(account.$activeNamespace.get(), { farcasterUrl: undefined }),
    // The auth connector (secure frame) registers itself here when the app enables it.
    reloadAuthConnector: () => {
      for (const reload of authReloaders) reload()
    },
  })

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
    requests,
    siwx,
    /** Lets the auth connector be reloaded by navigation rules. */
    onAuthReload(reload: () => void) {
      authReloaders.add(reload)
      return () => authReloaders.delete(reload)
    },
    /** Stops timers and listeners; the client must not be used afterwards. */
    destroy() {
      removeFarcasterRule()
      toast.hide()
      authReloaders.clear()
    },
  }
}

export type PorticoClient = ReturnType<typeof createPortico>
