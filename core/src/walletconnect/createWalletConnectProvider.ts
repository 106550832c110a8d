import type { Eip1193Provider } from '../connectors/index.js'
import { PorticoError, withDeadline } from '../kernel/lazyShared.js'
import {
  PAIRING_URI_TIMEOUT_MS,
  RELAY_TIMEOUT_MS,
  relayUnavailableError,
  WALLET_REQUEST_TIMEOUT_MS,
  walletConnectTimeoutError,
} from './constants.js'
import type { UniversalProviderInstance } from './loadUniversalProvider.js'

type Listener = (...args: never[]) => void

export type PairingNamespaces = Record<
  string,
  { chains: string[]; methods: string[]; events: string[]; rpcMap: Record<string, string> }
>

/**
 * A sign-in asked for in the pairing's own approval (WalletConnect one-click: the 2.25
 * `connect({ authentication })`): the wallet answers with CACAOs along with the session.
 */
export type WalletConnectSignIn = {
  /** What to ask for (domain, uri, chains, nonce…), or undefined for none; asked per pairing. */
  request(): Promise<WalletConnectAuthRequest | undefined>
  /** The wallet's CACAOs, with a function that rebuilds the text each one signed. */
  accept(cacaos: readonly unknown[], format: (cacao: unknown) => string): Promise<void>
}

/** The sign-in request of a pairing (WalletConnect's `AuthenticateRequestParams`). */
export type WalletConnectAuthRequest = {
  domain: string
  uri: string
  chains: string[]
  nonce: string
  /** Seconds the request stays valid. */
  ttl: number
  statement?: string
  exp?: string
  nbf?: string
  requestId?: string
  resources?: string[]
}

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

/** The relay client's own event names (`RELAYER_EVENTS`), written out to keep its code lazy. */
const RELAY_CONNECTED = 'relayer_connect'
const RELAY_DISCONNECTED = 'relayer_disconnect'

/** A loaded universal provider and what Portico attached to it. */
type Loaded = {
  up: UniversalProviderInstance
  /** Whether the relay's socket is open now. */
  relayConnected(): boolean
  /** Calls `listener` whenever the socket opens or drops; returns the unsubscribe. */
  onRelayChange(listener: () => void): () => void
  /** Removes every listener Portico put on the provider and its relay client. */
  detach(): void
}

/** Waits for the relay's socket to be open, at most `timeoutMs`. */
function relayReady(
  loaded: Loaded,
  timeoutMs: number,
  step: 'request' | 'disconnect',
): Promise<void> {
  if (loaded.relayConnected()) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(relayUnavailableError(step, timeoutMs))
    }, timeoutMs)
    const off = loaded.onRelayChange(() => {
      if (!loaded.relayConnected()) return
      stop()
      resolve()
    })
    function stop() {
      clearTimeout(timer)
      off()
    }
  })
}

/**
 * Waits for the wallet's answer to a request on the relay: at most `WALLET_REQUEST_TIMEOUT_MS`,
 * and no longer than `RELAY_TIMEOUT_MS` with the relay's socket down (the answer cannot arrive
 * then; a socket that comes back in time gets it from the relay's mailbox).
 */
function answerOf<T>(loaded: Loaded, request: Promise<T>, method: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let relayTimer: ReturnType<typeof setTimeout> | undefined
    const timer = setTimeout(
      () => finish(() => reject(walletConnectTimeoutError(method, WALLET_REQUEST_TIMEOUT_MS))),
      WALLET_REQUEST_TIMEOUT_MS,
    )
    const watch = () => {
      if (loaded.relayConnected()) {
        clearTimeout(relayTimer)
        relayTimer = undefined
      } else {
        relayTimer ??= setTimeout(
          () => finish(() => reject(relayUnavailableError('request', RELAY_TIMEOUT_MS))),
          RELAY_TIMEOUT_MS,
        )
      }
    }
    const off = loaded.onRelayChange(watch)
    watch()
    function finish(settle: () => void) {
      clearTimeout(timer)
      clearTimeout(relayTimer)
      off()
      settle()
    }
    request.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    )
  })
}

/** Closes a universal provider for good: its socket, its reconnection timer, its listeners. */
async function shut(loaded: Loaded): Promise<void> {
  loaded.detach()
  const core = loaded.up.client?.core
  // The heartbeat drives the client's reconnections and expiries: stopped, nothing restarts the
  // socket of a client nobody uses any more.
  core?.heartbeat?.stop()
  await core?.relayer?.transportClose().catch(() => undefined)
}

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
  load,
  namespaces,
  onUri,
  onPairingError,
  signIn = () => undefined,
}: {
  load(): Promise<UniversalProviderInstance>
  namespaces(): PairingNamespaces
  onUri(uri: string): void
  onPairingError(error: unknown): void
  /** The sign-in to ask for within the approval, if a feature wants one. */
  signIn?(): WalletConnectSignIn | undefined
}): WalletConnectProvider {
  const listeners = new Map<string, Set<Listener>>()
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
    const relayer = up.client.core.relayer
    const relayListeners = new Set<() => void>()
    const onRelay = () => {
      for (const listener of [...relayListeners]) listener()
    }
    const forward: [string, (...args: never[]) => void][] = [
      ['display_uri', (uri: string) => onDisplayUri(loaded, uri)],
      ['accountsChanged', (accounts: string[]) => emit('accountsChanged', accounts)],
      ['chainChanged', (chainId: string | number) => emit('chainChanged', chainId)],
      ['session_delete', () => emit('disconnect')],
      ['session_expire', () => emit('disconnect')],
      ['disconnect', () => emit('disconnect')],
    ]
    for (const [event, listener] of forward) up.on(event, listener)
    relayer.on(RELAY_CONNECTED, onRelay)
    relayer.on(RELAY_DISCONNECTED, onRelay)
    const loaded: Loaded = {
      up,
      relayConnected: () => relayer.connected,
      onRelayChange(listener) {
        relayListeners.add(listener)
        return () => relayListeners.delete(listener)
      },
      detach() {
        for (const [event, listener] of forward) up.removeListener(event, listener)
        relayer.off(RELAY_CONNECTED, onRelay)
        relayer.off(RELAY_DISCONNECTED, onRelay)
        relayListeners.clear()
      },
    }
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
      if (mine === generation) failPairing(relayUnavailableError('pairing', PAIRING_URI_TIMEOUT_MS))
    }, PAIRING_URI_TIMEOUT_MS)
    try {
      const auth = signIn()
      // A sign-in that cannot be prepared (its server is down) leaves a plain pairing.
      const request = await auth?.request().catch(() => undefined)
      const session = await loaded.up.connect({
        optionalNamespaces: namespaces(),
        ...(request ? { authentication: [request] } : {}),
      })
      const cacaos = request ? session?.authentication : undefined
      if (auth && cacaos?.length) {
        // Before the connection is reported, so its sign-in is known when the app hears of it.
        await auth
          .accept(cacaos, (cacao) => {
            const { p } = cacao as { p: { iss: string } }
            return loaded.up.client.formatAuthMessage({ request: p as never, iss: p.iss })
          })
          .catch(() => undefined)
      }
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

  /** Forgets the session here when the wallet could not be told (relay down). */
  async function forgetSession(up: UniversalProviderInstance) {
    const topic = up.session?.topic
    if (!topic) return
    await up.client.session
      .delete(topic, { code: 6000, message: 'User disconnected.' })
      .catch(() => undefined)
    // The provider's own cleanup (session, namespaces, their stored copies): private in its types.
    const cleanup = (up as unknown as { cleanup?: () => Promise<void> }).cleanup
    await cleanup?.call(up).catch(() => undefined)
    up.session = undefined
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
      await relayReady(loaded, RELAY_TIMEOUT_MS, 'request')
      return answerOf(loaded, up.request({ method, params: params as unknown[] }), method)
    },
    on(event: string, listener: Listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
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
        if (!loaded || !up?.session) return
        try {
          await relayReady(loaded, RELAY_TIMEOUT_MS, 'disconnect')
          // Telling the wallet is one message on the relay, acknowledged by the relay itself.
          await withDeadline(up.disconnect(), {
            timeoutMs: RELAY_TIMEOUT_MS,
            onTimeout: () => relayUnavailableError('disconnect', RELAY_TIMEOUT_MS),
          })
        } catch {
          // The wallet was not told (it learns when the session expires); here it is over.
          await forgetSession(up)
        }
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

/** Resolves when the relay's socket opens (no deadline: see the `eth_accounts` branch). */
function relayBack(loaded: Loaded): Promise<void> {
  return new Promise((resolve) => {
    const off = loaded.onRelayChange(() => {
      if (!loaded.relayConnected()) return
      off()
      resolve()
    })
  })
}
