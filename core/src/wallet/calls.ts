import type { CaipNetworkId } from '../caip/index.js'
import type { Connector } from '../connectors/index.js'
import type { LazyContext } from '../kernel/feature.js'
import { abortedError, PorticoError, withDeadline } from '../kit.js'
import type { PorticoNetwork } from '../options/index.js'
import { WALLET_CONNECT_REQUEST_TIMEOUT_MS, WALLET_REQUEST_TIMEOUT_MS } from './constants.js'
import type { ActiveCall, CallTarget, WalletShell } from './halves.js'

/**
 * The rules every call of the app to a connected wallet follows, whatever the connector: it needs
 * a connected wallet of the namespace, the account it was made for, and the chain it asks for
 * (switched to first or refused, the app's choice); it waits no longer than its deadline; and a
 * call still waiting when the user disconnects or the account changes is rejected at once (the
 * wallet's late answer is not heard). An unsafe call (it signs or moves value) is one of the
 * requests waiting for the user: closing the modal with no transaction step waiting rejects it
 * with 'Request was aborted', whatever the connector (the embedded wallet tracks its own, with
 * its Approve view).
 */
export function createCalls(context: LazyContext, shell: WalletShell) {
  const { connection, network, options } = shell
  /** The calls waiting on a wallet, each with what stops it. */
  const pending = new Set<{ target: CallTarget; stop: AbortController }>()

  // The connection moved: what waits for an account that is gone is told why. A connect in
  // progress decides nothing yet; its outcome does.
  context.onDestroy(
    connection.$connections.listen((next) => {
      for (const call of pending) {
        const now = next[call.target.namespace]
        if (now?.status === 'connecting' || now?.status === 'reconnecting') continue
        if (now?.status !== 'connected' || !now.address) {
          call.stop.abort(abortedError('disconnected'))
        } else if (now.address !== call.target.address) {
          call.stop.abort(accountChanged(call.target.address, now.address))
        }
      }
    }),
  )
  context.onDestroy(() => {
    for (const call of pending) call.stop.abort(abortedError('destroyed'))
  })

  /** The app's network with this chain id, of the namespace (eip155 ids are numbers). */
  function networkOf(chainId: number | string): PorticoNetwork {
    const id = typeof chainId === 'number' ? `eip155:${chainId}` : chainId
    const found = network.networks.find((n) => n.id === id)
    if (!found) throw new PorticoError('NETWORK_NOT_FOUND', { details: { id } })
    return found
  }

  /** The connected account of a namespace, or NOT_CONNECTED. */
  function connected(namespace: CallTarget['namespace']) {
    const state = connection.get(namespace)
    const active = connection.getActive(namespace)
    // Connected means an address and a chain (the connection writes them together).
    if (state.status !== 'connected' || !active) {
      throw new PorticoError('NOT_CONNECTED', `No ${namespace} wallet is connected`, {
        details: { namespace, code: 4900 },
      })
    }
    return { active, address: state.address as string, chainId: state.chainId as CaipNetworkId }
  }

  /** Puts the wallet on the EVM chain a call asks for, or refuses (the app's `wrongChain`). */
  async function onChain(namespace: CallTarget['namespace'], chainId: number | undefined) {
    if (chainId === undefined) return
    const wanted = networkOf(chainId)
    if (connected(namespace).chainId === wanted.id) return
    if (options.wrongChain === 'refuse') {
      throw new PorticoError('CHAIN_MISMATCH', `The wallet is not on ${wanted.name}`, {
        details: { chainId, walletChainId: connected(namespace).chainId, code: 4901 },
      })
    }
    await connection.switchNetwork(wanted)
  }

  /**
   * Runs `task` against the namespace's connected wallet under the rules above. `target.address`
   * binds the call to an account (a wallet client made for it); without it, the call is for
   * whichever account is connected when it starts. `target.chainId` is an EVM chain id.
   */
  async function call<T>(
    target: Omit<CallTarget, 'address'> & { address?: string; chainId?: number },
    task: (active: ActiveCall) => Promise<T>,
  ): Promise<T> {
    const first = connected(target.namespace)
    await onChain(target.namespace, target.chainId)
    // The switch may have taken a while: the account is read again.
    const { active, address, chainId } = connected(target.namespace)
    const bound = target.address ?? first.address
    if (address !== bound) throw accountChanged(bound, address)
    const entry = { target: { namespace: target.namespace, address }, stop: new AbortController() }
    pending.add(entry)
    const settle =
      target.unsafe && active.connector.type !== 'AUTH'
        ? shell.requests.track(target.method ?? 'request', (reason) => entry.stop.abort(reason))
        : undefined
    const timeoutMs = deadlineOf(active.connector)
    try {
      return await withDeadline(
        task({ ...active, address, chainId, network: networkFor(chainId) }),
        {
          timeoutMs,
          signal: entry.stop.signal,
          onTimeout: () =>
            new PorticoError(
              'WALLET_TIMEOUT',
              `The wallet did not answer in ${(timeoutMs ?? 0) / 1_000} s`,
              { details: { request: target.method, seconds: (timeoutMs ?? 0) / 1_000 } },
            ),
        },
      )
    } finally {
      pending.delete(entry)
      settle?.()
    }
  }

  /** The app's network for a chain the wallet is on; undefined when the app does not list it. */
  function networkFor(chainId: string): PorticoNetwork | undefined {
    return network.networks.find((n) => n.id === chainId)
  }

  return { call, connected, networkOf, networkFor }
}

/** How long the app's request may wait on this kind of wallet. */
export function deadlineOf(connector: Connector): number | undefined {
  // The embedded wallet's approval has its own (the modal's Approve view, closed = refused).
  if (connector.type === 'AUTH') return undefined
  if (connector.type === 'WALLET_CONNECT') return WALLET_CONNECT_REQUEST_TIMEOUT_MS
  return WALLET_REQUEST_TIMEOUT_MS
}

function accountChanged(expected: string, actual: string): PorticoError {
  return new PorticoError(
    'ACCOUNT_CHANGED',
    `The request was for ${expected}, and ${actual} is connected now`,
    { details: { expected, actual, code: 4100 } },
  )
}

export type Calls = ReturnType<typeof createCalls>
