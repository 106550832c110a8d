import { atom } from 'nanostores'
import type { ChainAdapter } from '../adapters/index.js'
import { toWalletError } from '../adapters/index.js'
import type { ChainNamespace } from '../caip/index.js'
import type { Connector, ConnectorsInternal } from '../connectors/index.js'
import { isPorticoError, PorticoError } from '../errors/index.js'
import { withDeadline } from '../kernel/deadline.js'
import type { LazyHalf } from '../kernel/lazy.js'
import type { AccountType } from '../options/index.js'
import type { Attempt, createAttempts } from './attempts.js'
import { abortedError } from './constants.js'
import type { ConnectionHalf } from './halves.js'
import type { ConnectionStateParts } from './state.js'
import type { ConnectionEvent, ConnectParameters, ConnectReturnType } from './types.js'

type ConnectingParts = {
  connectors: ConnectorsInternal
  attempts: ReturnType<typeof createAttempts>
  state: ConnectionStateParts
  half: LazyHalf<ConnectionHalf>
  getAdapter(namespace: ChainNamespace): Promise<ChainAdapter>
  emit(event: ConnectionEvent): void
  isDestroyed(): boolean
}

/**
 * `connect`: the user's attempts, one per namespace. The status turns 'connecting' in the call
 * (before any code or adapter loads); the latest attempt alone writes the outcome; the same
 * wallet twice joins the prompt; `$connectingId` and `$error` tell the views.
 */
export function createConnecting({
  connectors,
  attempts,
  state,
  half,
  getAdapter,
  emit,
  isDestroyed,
}: ConnectingParts) {
  const $connectingId = atom<string | undefined>(undefined)
  const $error = atom<PorticoError | undefined>(undefined)
  /** The promise of each namespace's connect attempt, for a second call to join. */
  const connecting = new Map<
    Attempt,
    { connectorId: string; promise: Promise<ConnectReturnType> }
  >()
  /** Connect attempts in progress, oldest first: `$connectingId` names the newest. */
  const order: { attempt: Attempt; connectorId: string }[] = []

  /** `$connectingId` names the newest connect attempt still in progress, in any namespace. */
  function stopConnecting(attempt: Attempt) {
    const index = order.findIndex((marker) => marker.attempt === attempt)
    if (index !== -1) order.splice(index, 1)
    $connectingId.set(order.at(-1)?.connectorId)
  }

  function connect(parameters: ConnectParameters): Promise<ConnectReturnType> {
    if (isDestroyed()) return Promise.reject(new PorticoError('CONNECTION_CLIENT_NOT_SET'))
    const connector = connectors.get(parameters.connectorId)
    if (connector) return connectWith(connector, parameters)
    // Nothing has shown a list of wallets yet (an app that connects on load): the connector is
    // looked up once the list's code is here and the page's wallets were asked for.
    return connectors.find(parameters.connectorId).then((found) => {
      if (!found) {
        throw new PorticoError(
          'WALLET_ERROR',
          `No wallet with id ${parameters.connectorId} is available`,
        )
      }
      return connectWith(found, parameters)
    })
  }

  function connectWith(
    connector: Connector,
    { connectorId, namespace, accountType }: ConnectParameters,
  ): Promise<ConnectReturnType> {
    const ns = namespace ?? connector.chain
    const latest = attempts.get(ns)
    const joined = latest && connecting.get(latest)
    // A double click joins the attempt under way: one intent, one prompt.
    if (joined && joined.connectorId === connectorId) return joined.promise
    const attempt = attempts.begin(ns, 'connect')
    const promise = run(attempt, connector, accountType)
    connecting.set(attempt, { connectorId, promise })
    return promise
  }

  async function run(
    attempt: Attempt,
    connector: Connector,
    accountType: AccountType | undefined,
  ): Promise<ConnectReturnType> {
    const ns = attempt.namespace
    const before = state.get(ns).status
    order.push({ attempt, connectorId: connector.id })
    $connectingId.set(connector.id)
    $error.set(undefined)
    if (before !== 'connected') state.update(ns, { status: 'connecting' })
    try {
      // The adapter and the code that asks the wallet load together; a cancel or a later
      // attempt during the load still stops this one.
      const [adapter, flow] = await withDeadline(Promise.all([getAdapter(ns), half.get()]), {
        signal: attempt.signal,
      })
      const connected = await flow.connect(attempt, connector, adapter, accountType)
      attempts.end(attempt)
      emit({ type: 'connected', namespace: ns })
      return connected
    } catch (cause) {
      const error = isPorticoError(cause) ? cause : toWalletError(cause, 'connection request')
      // Only the latest attempt speaks: a superseded or cancelled one changes nothing.
      if (attempt.isCurrent()) {
        // A pairing the app cancelled is not the user's problem to see.
        if (error.code !== 'ABORTED') $error.set(error)
        if (before !== 'connected') state.update(ns, { status: 'disconnected' })
        throw error
      }
      throw isPorticoError(error, 'ABORTED') ? error : abortedError('replaced')
    } finally {
      attempts.end(attempt)
      connecting.delete(attempt)
      stopConnecting(attempt)
    }
  }

  return { $connectingId, $error, connect, stopConnecting }
}
