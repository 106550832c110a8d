import { readSafely } from '../adapters/walletErrors.js'
import type { ChainNamespace } from '../caip/index.js'
import type { ConnectionState } from '../connection/index.js'
import type { LazyContext } from '../kernel/feature.js'
import { isPorticoError, isRecord, PorticoError, walletErrorCode } from '../kit.js'
import type { Calls } from './calls.js'
import type { Clients } from './clients.js'
import { UNSAFE_METHODS } from './constants.js'
import type { WalletShell } from './halves.js'
import type { PorticoProvider, ProviderRpcError } from './types.js'

/** An EIP-1193 error, with the Portico error it stands for as its cause. */
class RpcError extends Error implements ProviderRpcError {
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, cause: unknown, data?: unknown) {
    super(message, { cause })
    this.name = 'ProviderRpcError'
    this.code = code
    this.data = data
  }
}

/** EIP-1193's codes for what Portico refuses itself; a wallet's own code is kept as it threw it. */
const CODES: Partial<Record<string, number>> = {
  USER_REJECTED: 4001,
  ACCOUNT_CHANGED: 4100,
  NOT_CONNECTED: 4900,
  ABORTED: 4900,
  CHAIN_MISMATCH: 4901,
  NETWORK_NOT_FOUND: 4902,
  // The modal closed while a request waited for the person (any wallet; for the embedded one, its
  // Approve view closed unanswered): the person declining. The embedded wallet's refusals: a
  // method it does not serve is EIP-1193's unsupported method; one it cannot do now, unauthorized.
  REQUEST_ABORTED: 4001,
  RPC_NOT_ALLOWED: 4200,
  ACTION_NOT_ALLOWED: 4100,
}

/** What the provider rejects with: an EIP-1193 error whose cause is the Portico error. */
export function toRpcError(error: unknown): ProviderRpcError {
  if (!isPorticoError(error)) {
    const code = walletErrorCode(error)
    if (code === undefined) return new RpcError(-32603, 'Internal error', error)
    // A wallet's own coded error: as it threw it, or as an Error with its code and words.
    if (error instanceof Error) return error as ProviderRpcError
    const message = readSafely(() => (error as { message?: unknown }).message)
    return new RpcError(code, typeof message === 'string' ? message : 'Wallet error', error)
  }
  const code = CODES[error.code] ?? walletErrorCode(error.cause) ?? -32603
  return new RpcError(code, error.message, error, { portico: error.code })
}

/** Methods a wallet answers itself: signing, sending, and the wallet's own. */
const WALLET_METHOD = /^(wallet_|personal_sign$|eth_sign|eth_sendTransaction$)/

const hex = (n: number) => `0x${n.toString(16)}`

/** A method that signs or moves value (the spec's unsafe class, whatever the wallet). */
const isUnsafe = (method: string) => (UNSAFE_METHODS as readonly string[]).includes(method)

/**
 * The chain a request names in its first parameter (`{ chainId: '0x1' }`, as `eth_sendTransaction`
 * and `wallet_switchEthereumChain` do): a positive safe integer, or undefined for anything else.
 */
export function chainIdParameter(params: unknown): number | undefined {
  const first = Array.isArray(params) ? params[0] : undefined
  const chainId = isRecord(first) ? first.chainId : undefined
  const id =
    typeof chainId === 'string' && /^0x[0-9a-f]+$/i.test(chainId)
      ? Number.parseInt(chainId, 16)
      : chainId
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined
}

type Listener = (...args: never[]) => void

/**
 * The connected wallet of a namespace as an EIP-1193 provider. Unbound, it follows whichever
 * account is connected; bound (a wallet client's), every request is for that account and chain,
 * and the rules refuse it once the account changed.
 */
export function createProvider(
  context: LazyContext,
  shell: WalletShell,
  calls: Calls,
  clients: Clients,
  namespace: ChainNamespace,
  bound?: { address: string; chainId: number },
): PorticoProvider {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) {
      try {
        ;(listener as (...a: unknown[]) => void)(...args)
      } catch (error) {
        context.logger.warn(`A ${event} listener of the provider threw`, error)
      }
    }
  }
  const chainOf = (state: ConnectionState | undefined) =>
    state?.chainId && namespace === 'eip155'
      ? hex(Number(state.chainId.split(':')[1]))
      : state?.chainId

  // Events follow Portico's stores: emitted when the namespace's connection changes there. A
  // bound provider (a wallet client's) has no listeners: its account and chain do not move.
  let before = shell.connection.get(namespace)
  if (!bound) {
    context.onDestroy(
      shell.connection.$connections.listen((all) => {
        const now = all[namespace] ?? { status: 'disconnected', allAccounts: [] }
        const was = before
        before = now
        const wasOn = was.status === 'connected' && !!was.address
        const isOn = now.status === 'connected' && !!now.address
        if (isOn && !wasOn) {
          emit('connect', { chainId: chainOf(now) })
          emit('accountsChanged', [now.address])
        } else if (!isOn && wasOn && now.status === 'disconnected') {
          emit('accountsChanged', [])
          emit(
            'disconnect',
            toRpcError(new PorticoError('NOT_CONNECTED', 'The wallet disconnected')),
          )
        } else if (isOn && wasOn) {
          if (now.address !== was.address) emit('accountsChanged', [now.address])
          if (now.chainId !== was.chainId) emit('chainChanged', chainOf(now))
        }
      }),
    )
  }

  async function evm(method: string, params: unknown): Promise<unknown> {
    const state = shell.connection.get('eip155')
    const on = state.status === 'connected'
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        if (bound) return [await ownAccount(bound.address)]
        if (on) return [state.address]
        if (method === 'eth_accounts') return []
        throw new PorticoError('NOT_CONNECTED', 'Connect a wallet first', {
          details: { namespace },
        })
      case 'eth_chainId':
        if (bound) {
          return calls.call({ namespace, method, ...bound }, async () => hex(bound.chainId))
        }
        return on ? chainOf(state) : hex((clients.publicClient().chain as { id: number }).id)
      case 'wallet_switchEthereumChain': {
        const chainId = chainIdParameter(params)
        if (chainId === undefined) {
          throw new PorticoError('INVALID_INPUT', 'Expected [{ chainId }]')
        }
        await shell.connection.switchNetwork(calls.networkOf(chainId))
        return null
      }
    }
    if (!WALLET_METHOD.test(method) && (!on || calls.networkFor(state.chainId ?? ''))) {
      // A read: the app's own RPC for the chain the wallet is on answers it, not the wallet.
      const chainId = on ? Number(state.chainId?.split(':')[1]) : undefined
      return clients.publicClient(chainId).request({ method, params } as never)
    }
    const chainId = bound?.chainId ?? chainIdParameter(params)
    const answer = await calls.call(
      { namespace, method, address: bound?.address, chainId, unsafe: isUnsafe(method) },
      ({ adapter, connector }) => {
        if (!adapter.signing) throw new PorticoError('INVALID_INPUT', `${method} is not served`)
        return adapter.signing.request(connector, method, params as readonly unknown[])
      },
    )
    if (method === 'eth_sendTransaction' && typeof answer === 'string') {
      const on = calls.connected('eip155').chainId
      const mined = chainId ?? Number(on.split(':')[1])
      if (calls.networkFor(`eip155:${mined}`)) {
        clients.receipt(answer, mined).catch((error) => {
          context.logger.warn('The transaction could not be followed', error)
        })
      }
    }
    return answer
  }

  /** The bound account while it is the connected one (a wallet client's `eth_accounts`). */
  async function ownAccount(expected: string): Promise<string> {
    const { address } = calls.connected(namespace)
    if (address !== expected) {
      throw new PorticoError('ACCOUNT_CHANGED', `${expected} is no longer connected`, {
        details: { expected, actual: address },
      })
    }
    return address
  }

  async function other(method: string, params: unknown): Promise<unknown> {
    const target = { namespace, method, address: bound?.address, unsafe: isUnsafe(method) }
    return calls.call(target, ({ adapter, connector }) => {
      if (!adapter.signing) throw new PorticoError('INVALID_INPUT', `${method} is not served`)
      return adapter.signing.request(connector, method, params as readonly unknown[])
    })
  }

  return {
    namespace,
    async request({ method, params }) {
      try {
        return namespace === 'eip155' ? await evm(method, params) : await other(method, params)
      } catch (error) {
        throw toRpcError(error)
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return this
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return this
    },
  }
}
