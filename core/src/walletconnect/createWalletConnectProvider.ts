import type { Eip1193Provider } from '../connectors/index.js'
import type { UniversalProviderInstance } from './loadUniversalProvider.js'
import { propose, type WalletConnectSignIn } from './proposal.js'
import {
  answerOf,
  endSession,
  type Loaded,
  PAIRING_URI_TIMEOUT_MS,
  type ProviderKit,
  RELAY_TIMEOUT_MS,
  attach as relay,
  relayBack,
  relayReady,
  relayUnavailableError,
  shut,
} from './relay.js'

export type { WalletConnectAuthRequest, WalletConnectSignIn } from './proposal.js'

type Listener = (...args: never[]) => void

/** Who listens to the provider, by event: the connector's own front shares it from start-up. */
export type ProviderListeners = Map<string, Set<Listener>>

export type PairingNamespaces = Record<
  string,
  { chains: string[]; methods: string[]; events: string[]; rpcMap: Record<string, string> }
>

export type WalletConnectProvider = Eip1193Provider & {
  /** Starts a new pairing (a new URI) while a connection request waits; old URIs stay valid. */
  refreshPairing(): void
  /**
   * Gives up the waiting connection request: it rejects with `reason`, and WalletConnect's client
   * of that pairing is shut (its socket closed) so nothing it learns later connects anything.
   */
  cancelPairing(reason: Error): void
  /**
   * Ends the session with the wallet. The wallet is told when the relay answers; the session is
   * forgotten here in any case, so a relay that is down does not keep it (or the user) waiting.
   */
  disconnect(): Promise<void>
  /** The wallet's own metadata once a session exists. */
  peer(): { name: string; icon?: string } | undefined
  /** Closes the relay connection (the session stays stored for the next page load). */
  close(): Promise<void>
}

const UNAUTHORIZED = { code: 4100, message: 'No WalletConnect session: connect first' }

/**
 * Methods the universal provider answers from the session it holds, without the relay: a restored
 * session answers them at once, so they say nothing about whether the wallet can be reached.
 */
const LOCAL_METHODS = new Set(['eth_accounts', 'eth_chainId'])

/**
 * An EIP-1193 provider in front of WalletConnect, light enough to create at start-up: the real
 * universal provider is loaded on the first request. `eth_requestAccounts` pairs when there is no
 * session; `eth_accounts` never does, and waits for the relay when a restored session has not
 * reached it yet (so the connection stays `reconnecting` until the relay answers).
 *
 * Every wait has an end: a pairing that gets no URI within `PAIRING_URI_TIMEOUT_MS` fails with
 * `RELAY_UNAVAILABLE` (the client of that pairing is shut, so Retry starts afresh and a late URI
 * from the dead attempt never shows); a request waits `RELAY_TIMEOUT_MS` for the relay and
 * `WALLET_REQUEST_TIMEOUT_MS` for the wallet.
 */
export function createWalletConnectProvider({
  kit,
  load,
  namespaces,
  onUri,
  onPairingError,
  signIn = () => undefined,
  listeners = new Map(),
}: {
  /** The client's shared helpers (errors, deadlines). */
  kit: ProviderKit
  load(): Promise<UniversalProviderInstance>
  namespaces(): PairingNamespaces
  onUri(uri: string): void
  onPairingError(error: unknown): void
  /** The sign-in to ask for within the approval, if a feature wants one. */
  signIn?(): WalletConnectSignIn | undefined
  /** Who listens (shared with a front made before this code arrived); a map of its own if not. */
  listeners?: ProviderListeners
}): WalletConnectProvider {
  const { PorticoError } = kit
  let loading: Promise<Loaded> | undefined
  let live: Loaded | undefined
  /** The latest pairing start: only it may fail the waiting request. */
  let generation = 0
  let waiting: { resolve(): void; reject(error: unknown): void } | undefined
  let uriTimer: ReturnType<typeof setTimeout> | undefined
  let closed = false
  /** Counts cancellations, so a connection request cancelled while the code loads does not pair. */
  let cancellations = 0
  let abandoned: Error | undefined

  function emit(event: string, ...args: unknown[]) {
    for (const listener of listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => void)(...args)
  }

  function attach(up: UniversalProviderInstance): Loaded {
    const loaded: Loaded = relay(up, [
      ['display_uri', (uri: string) => onDisplayUri(loaded, uri)],
      ['accountsChanged', (accounts: string[]) => emit('accountsChanged', accounts)],
      ['chainChanged', (chainId: string | number) => emit('chainChanged', chainId)],
      ['session_delete', () => emit('disconnect')],
      ['session_expire', () => emit('disconnect')],
      ['disconnect', () => emit('disconnect')],
    ])
    return loaded
  }

  function get(): Promise<Loaded> {
    if (closed) return Promise.reject(new PorticoError('ABORTED', 'WalletConnect was closed'))
    if (!loading) {
      const mine: Promise<Loaded> = load().then(
        (up) => {
          const loaded = attach(up)
          // Shut (closed, or the pairing given up) while it loaded: it never becomes the live one.
          if (loading !== mine) {
            void shut(loaded)
            throw new PorticoError('ABORTED', 'The WalletConnect pairing was cancelled')
          }
          live = loaded
          return loaded
        },
        (cause: unknown) => {
          throw new PorticoError('WALLET_ERROR', 'WalletConnect could not be loaded', { cause })
        },
      )
      loading = mine
      mine.catch(() => {
        if (loading === mine) loading = undefined
      })
    }
    return loading
  }

  /** Forgets the loaded client (the next request loads a new one) and shuts it. */
  function dispose(): Promise<void> {
    const loaded = live
    live = undefined
    loading = undefined
    return loaded ? shut(loaded) : Promise.resolve()
  }

  function onDisplayUri(loaded: Loaded, uri: string) {
    // A client that was shut may still finish an old attempt: its URI is not shown.
    if (loaded !== live) return
    clearTimeout(uriTimer)
    uriTimer = undefined
    onUri(uri)
  }

  /** The pairing failed: the request waiting on it rejects and its sessionless client goes. */
  function failPairing(error: unknown) {
    clearTimeout(uriTimer)
    uriTimer = undefined
    onPairingError(error)
    const pending = waiting
    waiting = undefined
    pending?.reject(error)
    if (live && !live.up.session) void dispose()
  }

  async function startPairing(loaded: Loaded) {
    const mine = ++generation
    clearTimeout(uriTimer)
    uriTimer = setTimeout(() => {
      if (mine === generation)
        failPairing(relayUnavailableError(kit, 'pairing', PAIRING_URI_TIMEOUT_MS))
    }, PAIRING_URI_TIMEOUT_MS)
    try {
      await propose(loaded.up, namespaces(), signIn())
      // Any approved pairing connects, even one whose URI was since replaced. Settled, the wait is
      // over: a later connection request (after a disconnect) starts a pairing of its own.
      if (loaded === live) {
        const pending = waiting
        waiting = undefined
        pending?.resolve()
      }
    } catch (error) {
      if (mine === generation && loaded === live) failPairing(error)
    }
  }

  async function accounts(up: UniversalProviderInstance) {
    return up.session ? ((await up.request({ method: 'eth_accounts' })) as string[]) : []
  }

  async function pair(loaded: Loaded) {
    // A second request while one waits joins its pairing instead of starting another.
    await new Promise<void>((resolve, reject) => {
      const previous = waiting
      waiting = {
        resolve() {
          previous?.resolve()
          resolve()
        },
        reject(error) {
          previous?.reject(error)
          reject(error)
        },
      }
      if (!previous) void startPairing(loaded)
    })
  }

  let disconnecting: Promise<void> | undefined

  const provider: WalletConnectProvider = {
    async request({ method, params }) {
      const ticket = cancellations
      const loaded = await get()
      const { up } = loaded
      if (method === 'eth_accounts') {
        // A session restored from storage answers at once, relay or not; it is only live once
        // the relay answers. The client retries the socket every 5 s by itself, and the user can
        // disconnect or connect another wallet meanwhile (both cancel this wait).
        if (up.session && !loaded.relayConnected()) await relayBack(loaded)
        return accounts(up)
      }
      if (method === 'eth_requestAccounts') {
        if (ticket !== cancellations) throw abandoned ?? new PorticoError('ABORTED', 'Cancelled')
        if (!up.session) await pair(loaded)
        return accounts(up)
      }
      if (!up.session) throw UNAUTHORIZED
      if (LOCAL_METHODS.has(method)) return up.request({ method, params: params as unknown[] })
      await relayReady(kit, loaded, RELAY_TIMEOUT_MS, 'request')
      return answerOf(kit, loaded, up.request({ method, params: params as unknown[] }), method)
    },
    on(event: string, listener: Listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
    refreshPairing() {
      if (waiting && live) void startPairing(live)
    },
    cancelPairing(reason) {
      cancellations++
      abandoned = reason
      generation++
      clearTimeout(uriTimer)
      uriTimer = undefined
      const pending = waiting
      waiting = undefined
      pending?.reject(reason)
      if (live && !live.up.session) void dispose()
    },
    disconnect() {
      disconnecting ??= (async () => {
        // A session being restored while WalletConnect's code loads is ended once it is there.
        const loaded = live ?? (await loading?.catch(() => undefined))
        const up = loaded?.up
        if (loaded && up?.session) await endSession(kit, loaded)
      })().finally(() => {
        disconnecting = undefined
      })
      return disconnecting
    },
    async close() {
      closed = true
      cancellations++
      generation++
      clearTimeout(uriTimer)
      const pending = waiting
      waiting = undefined
      pending?.reject(new PorticoError('ABORTED', 'WalletConnect was closed'))
      await dispose()
    },
    peer() {
      const metadata = live?.up.session?.peer.metadata
      if (!metadata) return undefined
      return { name: metadata.name, icon: metadata.icons?.[0] }
    },
  }
  return provider
}
