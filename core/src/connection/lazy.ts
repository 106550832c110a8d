import type { AdapterAccount, ChainAdapter } from '../adapters/index.js'
import type { ChainNamespace } from '../caip/index.js'
import type { Connector } from '../connectors/index.js'
import type { LazyContext } from '../kernel/feature.js'
import {
  abortedError,
  isPorticoError,
  networkNamespace,
  PorticoError,
  type WalletRequestKind,
  walletRequestTimeout,
  walletTimeoutError,
  withDeadline,
} from '../kit.js'
import type { AccountType, PorticoNetwork } from '../options/index.js'
import type { Attempt } from './attempts.js'
import type { Active, ConnectionHalf, ConnectionShell } from './halves.js'
import type { ConnectReturnType } from './types.js'
import { createWriter } from './write.js'

/**
 * The half of the connection that talks to wallets, fetched with the chain adapter on the first
 * connect (in parallel, so no extra wait) or when a stored connection is restored: the request
 * and its deadline, following the wallet's accounts and chain, what a connection writes (state,
 * storage, recent wallets), the silent restore and the wallet's network switch. Only the latest
 * attempt of a namespace writes anything; the shell owns the attempts and the stores.
 */
export function createLazy(context: LazyContext, shell: ConnectionShell): ConnectionHalf {
  const { network, attempts, lifetime, get, setAddress, clear, emit } = shell
  const { logger } = context
  const { finalise } = createWriter(context, shell)
  /**
   * Connection requests open in a wallet, per namespace and connector. A second attempt for the
   * same wallet joins the open prompt instead of opening another; the entry goes when the wallet
   * answers or the request times out, so a retry after that asks again.
   */
  const walletRequests = new Map<string, Promise<AdapterAccount>>()

  const accountTypeOf = (namespace: ChainNamespace, requested?: AccountType) =>
    requested ?? shell.defaultAccountTypes[namespace]

  /** A wallet may answer in the same tick a later attempt starts: check before writing. */
  function assertCurrent(attempt: Attempt) {
    if (!attempt.isCurrent()) throw attempt.signal.reason ?? abortedError('replaced')
  }

  /** Waits for `promise` while the attempt is the latest, and no longer than the deadline. */
  function within<T>(
    promise: Promise<T>,
    signal: AbortSignal,
    request?: { connector: Connector; kind: WalletRequestKind },
  ): Promise<T> {
    if (!request) return withDeadline(promise, { signal })
    const timeoutMs = walletRequestTimeout(request.connector, request.kind)
    return withDeadline(promise, {
      signal,
      timeoutMs,
      onTimeout: () => walletTimeoutError(request.kind, timeoutMs ?? 0),
    })
  }

  /** Asks the wallet for access, or joins the request already open in it. */
  function requestAccess(
    namespace: ChainNamespace,
    connector: Connector,
    adapter: ChainAdapter,
    accountType: AccountType | undefined,
  ) {
    const ask = () => adapter.connection.connect(connector, { accountType })
    const timeoutMs = walletRequestTimeout(connector, 'connect')
    // A wallet without our deadline (WalletConnect) manages its own pairing: each attempt asks.
    if (timeoutMs === undefined) return ask()
    const key = `${namespace}\n${connector.id}\n${accountType}`
    let request = walletRequests.get(key)
    if (!request) {
      const asked: Promise<AdapterAccount> = withDeadline(ask(), {
        timeoutMs,
        onTimeout: () => walletTimeoutError('connect', timeoutMs),
        signal: lifetime,
      })
      const forget = () => {
        if (walletRequests.get(key) === asked) walletRequests.delete(key)
      }
      asked.then(forget, forget)
      walletRequests.set(key, asked)
      request = asked
    }
    return request
  }

  /** A connect attempt once its adapter is there: the wallet asked, its answer written. */
  async function connect(
    attempt: Attempt,
    connector: Connector,
    adapter: ChainAdapter,
    accountType: AccountType | undefined,
  ): Promise<ConnectReturnType> {
    const ns = attempt.namespace
    const result = await within(
      requestAccess(ns, connector, adapter, accountTypeOf(ns, accountType)),
      attempt.signal,
    )
    assertCurrent(attempt)
    return finalise(ns, connector, adapter, result, true)
  }

  /**
   * The silent restore of a namespace, once its attempt has begun and discovery was started (the
   * shell starts waiting for the wallet's connector while this code loads).
   */
  async function reconnect(
    attempt: Attempt,
    connectorId: string,
    found: Promise<Connector | undefined>,
  ) {
    const namespace = attempt.namespace
    try {
      const connector = await within(found, attempt.signal)
      assertCurrent(attempt)
      if (!connector) {
        // The wallet is not in this page (disabled, or slow): stay disconnected, keep the
        // stored choice for the next visit.
        logger.info(`stored wallet ${connectorId} is not available; not reconnecting`)
        shell.markDisconnected(namespace)
        return
      }
      const adapter = await within(shell.getAdapter(namespace), attempt.signal)
      const result = await within(
        adapter.connection.reconnect(connector, { accountType: accountTypeOf(namespace) }),
        attempt.signal,
        { connector, kind: 'reconnect' },
      )
      assertCurrent(attempt)
      if (!result) {
        clear(namespace)
        emit({ type: 'disconnected', namespace })
        return
      }
      finalise(namespace, connector, adapter, result, false)
      attempts.end(attempt)
      emit({ type: 'reconnected', namespace })
    } catch (error) {
      // Superseded by a connect, or cancelled by disconnect: what it learnt is stale.
      if (!attempt.isCurrent()) return
      if (isPorticoError(error, 'WALLET_TIMEOUT')) {
        // The wallet is stuck, not refusing: keep the stored choice for the next visit.
        logger.warn(`${connectorId} did not answer the reconnection; not reconnecting`, error)
        shell.markDisconnected(namespace)
        return
      }
      logger.error(`reconnecting ${namespace} failed`, error)
      clear(namespace)
    } finally {
      attempts.end(attempt)
    }
  }

  /**
   * Asks the connected wallet of the target's namespace to switch. `signal` aborts when a switch
   * to another network replaced this one. Runs up to the wallet request in the caller's turn.
   */
  async function switchNetwork(active: Active, target: PorticoNetwork, signal: AbortSignal) {
    const namespace = networkNamespace(target)
    const capability = active.adapter.networks
    if (!capability) {
      throw new PorticoError('INVALID_INPUT', `${namespace} wallets cannot switch networks`)
    }
    // The switch also ends with the connection: answered after a disconnect, after another
    // wallet took the namespace, or after the user picked another network, it writes nothing.
    const stop = new AbortController()
    const follow = (from: AbortSignal) => {
      const onAbort = () => stop.abort(from.reason)
      if (from.aborted) onAbort()
      else from.addEventListener('abort', onAbort, { once: true })
      return () => from.removeEventListener('abort', onAbort)
    }
    const unfollow = [follow(signal), follow(active.controller.signal)]
    shell.setSwitchingTo(target)
    try {
      await within(capability.switchNetwork(active.connector, target), stop.signal, {
        connector: active.connector,
        kind: 'switchNetwork',
      })
    } catch (error) {
      if (isPorticoError(error, 'UNSUPPORTED_CHAIN')) {
        shell.showError({ key: 'network.chainNotSupported' })
      }
      throw error
    } finally {
      for (const undo of unfollow) undo()
      // A replaced switch leaves the marker to the one that replaced it.
      if (!signal.aborted) shell.setSwitchingTo(undefined)
    }
    if (stop.signal.aborted) throw stop.signal.reason
    const address = get(namespace).address
    if (network.$walletChains.get()[namespace] !== target.id) {
      network.setWalletChain(namespace, target.id)
      if (address) setAddress(namespace, target.id, address)
      emit({ type: 'chainChanged', namespace })
    }
    network.setActiveNamespace(namespace)
  }

  return { connect, reconnect, switchNetwork }
}
