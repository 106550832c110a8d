import { PorticoError } from '../errors/index.js'
import { lazyModule } from '../kernel/lazy.js'
import type { PorticoNetwork } from '../options/index.js'
import type { WalletConnectProvider, WalletConnectSignIn } from './createWalletConnectProvider.js'
import type { LoadUniversalProviderParameters } from './loadUniversalProvider.js'

/**
 * The provider wrapper (its relay and wallet deadlines, pairing and session handling) and the
 * loader of WalletConnect's packages: fetched the first time the provider is asked anything (the
 * user picks WalletConnect, or a stored session is restored), never at page load.
 */
const providerCode = lazyModule('walletConnect', () => import('./provider.js'))

/**
 * The provider's code once it has arrived, for synchronous paths that only run after a pairing
 * URI exists (the wallet links of that URI): the URI is made by this code, so it is here then.
 */
export const loadedProviderCode = () => providerCode.loaded()

type Listener = (...args: never[]) => void

/**
 * The EIP-1193 provider the WalletConnect connector holds from start-up: a thin front whose real
 * provider (`createWalletConnectProvider`) is built once its code has arrived. Listeners added
 * before that are handed over to it; requests go to it once it is there (in the same turn once
 * it is, so a second request joins the first exactly as without the front). What the user does
 * while the code loads still counts: a cancelled pairing does not start, a closed client asks
 * nothing, and a disconnect waits for the code so a session being restored is ended too.
 */
export function createLazyWalletConnectProvider(setup: {
  load: LoadUniversalProviderParameters
  /** The app's networks: a pairing asks for their chains. */
  networks: readonly PorticoNetwork[]
  onUri(uri: string): void
  onPairingError(error: unknown): void
  /** The sign-in to ask for within the approval (WalletConnect one-click), if a feature wants one. */
  signIn?(): WalletConnectSignIn | undefined
}): WalletConnectProvider {
  const listeners = new Map<string, Set<Listener>>()
  const real = providerCode.instance((code) => {
    const provider = code.createWalletConnectProvider({
      ...setup,
      load: () => code.loadUniversalProvider(setup.load),
      namespaces: () => code.pairingNamespaces(setup.networks),
    })
    for (const [event, set] of listeners) for (const listener of set) provider.on?.(event, listener)
    return provider
  })
  /** Whether anything asked for the real provider: only then can there be a session to end. */
  let requested = false
  let closed = false
  /** Counts cancellations, so a pairing cancelled while the code loads does not start. */
  let cancellations = 0
  let abandoned: Error | undefined

  return {
    request(args) {
      requested = true
      const ticket = cancellations
      return real.use((provider) => {
        if (closed) throw new PorticoError('ABORTED', 'WalletConnect was closed')
        if (args.method === 'eth_requestAccounts' && ticket !== cancellations) {
          throw abandoned ?? new PorticoError('ABORTED', 'Cancelled')
        }
        return provider.request(args)
      })
    },
    on(event: string, listener: Listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
      real.current()?.on?.(event, listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      real.current()?.removeListener?.(event, listener)
    },
    refreshPairing() {
      real.current()?.refreshPairing()
    },
    cancelPairing(reason) {
      cancellations++
      abandoned = reason
      real.current()?.cancelPairing(reason)
    },
    disconnect() {
      // Nothing asked for WalletConnect: no session was restored or made on this page.
      if (!requested) return Promise.resolve()
      // The code failed to load: nothing was restored either.
      return real.get().then(
        (provider) => provider.disconnect(),
        () => undefined,
      )
    },
    async close() {
      closed = true
      cancellations++
      await real.current()?.close()
    },
    peer: () => real.current()?.peer(),
  }
}
