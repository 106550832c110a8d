import type { Kit } from '../kitType.js'
import type { UniversalProviderInstance } from './loadUniversalProvider.js'

/** What the WalletConnect provider takes from the client's shared helpers. */
export type ProviderKit = Pick<Kit, 'PorticoError' | 'withDeadline'>

/**
 * How long a pairing may take to get its URI. Ours (the spec gives none). The URI exists once the
 * relay has accepted the session proposal: a WebSocket handshake and one request, under a second
 * on a good line and two or three on a slow mobile one (WalletConnect's own client waits 15 s per
 * socket attempt and then retries without end). Ten seconds leaves room for a slow line while the
 * user, looking at an empty QR code, still gets an error and a Retry soon; it counts from the
 * moment WalletConnect's code is loaded, so a slow download of that code does not eat into it.
 */
export const PAIRING_URI_TIMEOUT_MS = 10_000

/**
 * How long a request that must cross the relay (a signature, a transaction, a disconnect) waits
 * for the relay's socket when it is not open, or for it to come back when it drops while the
 * wallet is asked. Ours. The client retries the socket every 5 s by itself: ten seconds is two
 * retries, enough for a blip, short enough that the user hears the relay is gone instead of
 * watching "Approve in your wallet" for a request that cannot reach the wallet.
 */
export const RELAY_TIMEOUT_MS = 10_000

/**
 * How long a request waits for the wallet's answer once it is on the relay. The protocol's own:
 * a WalletConnect session request expires after five minutes (the relay drops it and the wallet
 * can no longer answer), so waiting longer can only end in silence. A person needs this long at
 * most to pick up the phone, open the wallet and read the request.
 */
export const WALLET_REQUEST_TIMEOUT_MS = 300_000

/** The relay could not be reached in time; the UI renders it as `error.RELAY_UNAVAILABLE`. */
export function relayUnavailableError(
  kit: ProviderKit,
  step: 'pairing' | 'request' | 'disconnect',
  timeoutMs: number,
) {
  return new kit.PorticoError(
    'RELAY_UNAVAILABLE',
    `The WalletConnect relay could not be reached within ${timeoutMs / 1_000} s (${step})`,
    { details: { step, seconds: timeoutMs / 1_000 } },
  )
}

/** The wallet did not answer a request that reached the relay; rendered as `error.WALLET_TIMEOUT`. */
export function walletConnectTimeoutError(kit: ProviderKit, method: string, timeoutMs: number) {
  const seconds = timeoutMs / 1_000
  return new kit.PorticoError(
    'WALLET_TIMEOUT',
    `The wallet did not answer ${method} in ${seconds} s`,
    { details: { request: method, seconds } },
  )
}

/** The relay client's own event names (`RELAYER_EVENTS`), written out to keep its code lazy. */
const RELAY_CONNECTED = 'relayer_connect'
const RELAY_DISCONNECTED = 'relayer_disconnect'

/** A loaded universal provider and what Portico attached to it. */
export type Loaded = {
  up: UniversalProviderInstance
  /** Whether the relay's socket is open now. */
  relayConnected(): boolean
  /** Calls `listener` whenever the socket opens or drops; returns the unsubscribe. */
  onRelayChange(listener: () => void): () => void
  /** Removes every listener Portico put on the provider and its relay client. */
  detach(): void
}

/** Listens to a loaded universal provider (`forward`: its events) and to its relay's socket. */
export function attach(
  up: UniversalProviderInstance,
  forward: readonly [string, (...args: never[]) => void][],
): Loaded {
  const relayer = up.client.core.relayer
  const relayListeners = new Set<() => void>()
  const onRelay = () => {
    for (const listener of [...relayListeners]) listener()
  }
  for (const [event, listener] of forward) up.on(event, listener)
  relayer.on(RELAY_CONNECTED, onRelay)
  relayer.on(RELAY_DISCONNECTED, onRelay)
  return {
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
}

/** Waits for the relay's socket to be open, at most `timeoutMs`. */
export function relayReady(
  kit: ProviderKit,
  loaded: Loaded,
  timeoutMs: number,
  step: 'request' | 'disconnect',
): Promise<void> {
  if (loaded.relayConnected()) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(relayUnavailableError(kit, step, timeoutMs))
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

/** Resolves when the relay's socket opens (no deadline: a restored session waits for it). */
export function relayBack(loaded: Loaded): Promise<void> {
  return new Promise((resolve) => {
    const off = loaded.onRelayChange(() => {
      if (!loaded.relayConnected()) return
      off()
      resolve()
    })
  })
}

/**
 * Waits for the wallet's answer to a request on the relay: at most `WALLET_REQUEST_TIMEOUT_MS`,
 * and no longer than `RELAY_TIMEOUT_MS` with the relay's socket down (the answer cannot arrive
 * then; a socket that comes back in time gets it from the relay's mailbox).
 */
export function answerOf<T>(
  kit: ProviderKit,
  loaded: Loaded,
  request: Promise<T>,
  method: string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let relayTimer: ReturnType<typeof setTimeout> | undefined
    const timer = setTimeout(
      () => finish(() => reject(walletConnectTimeoutError(kit, method, WALLET_REQUEST_TIMEOUT_MS))),
      WALLET_REQUEST_TIMEOUT_MS,
    )
    const watch = () => {
      if (loaded.relayConnected()) {
        clearTimeout(relayTimer)
        relayTimer = undefined
      } else {
        relayTimer ??= setTimeout(
          () => finish(() => reject(relayUnavailableError(kit, 'request', RELAY_TIMEOUT_MS))),
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
export async function shut(loaded: Loaded): Promise<void> {
  loaded.detach()
  const core = loaded.up.client?.core
  // The heartbeat drives the client's reconnections and expiries: stopped, nothing restarts the
  // socket of a client nobody uses any more.
  core?.heartbeat?.stop()
  await core?.relayer?.transportClose().catch(() => undefined)
}

/** Forgets the session here when the wallet could not be told (relay down). */
export async function forgetSession(up: UniversalProviderInstance): Promise<void> {
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

/**
 * Ends a session with the wallet: one message on the relay, acknowledged by the relay itself. A
 * relay that cannot be reached in time does not keep it: the wallet was not told (it learns when
 * the session expires), and here the session is over all the same.
 */
export async function endSession(kit: ProviderKit, loaded: Loaded): Promise<void> {
  try {
    await relayReady(kit, loaded, RELAY_TIMEOUT_MS, 'disconnect')
    await kit.withDeadline(loaded.up.disconnect(), {
      timeoutMs: RELAY_TIMEOUT_MS,
      onTimeout: () => relayUnavailableError(kit, 'disconnect', RELAY_TIMEOUT_MS),
    })
  } catch {
    await forgetSession(loaded.up)
  }
}
