import type { Eip1193Provider } from '../connectors/index.js'

type Listener = (...args: unknown[]) => void
type Handler = (params: unknown) => unknown

export const TEST_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
] as const

/**
 * A stand-in for a browser wallet at the edge of the world: it answers EIP-1193 requests from
 * memory, emits events, and can be told to refuse. Integration tests use the devnet wallet.
 */
export function createFakeWallet({
  accounts = [...TEST_ACCOUNTS],
  chainId = 31337,
  authorized = false,
  knownChains = [31337, 31338, 31339],
}: {
  accounts?: string[]
  chainId?: number
  authorized?: boolean
  knownChains?: number[]
} = {}) {
  const listeners = new Map<string, Set<Listener>>()
  const state = { accounts, chainId, authorized, known: new Set(knownChains) }
  const calls: { method: string; params?: unknown }[] = []
  const overrides = new Map<string, Handler>()
  const hex = (n: number) => `0x${n.toString(16)}`

  function emit(event: string, ...args: unknown[]) {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }

  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params })
      const override = overrides.get(method)
      if (override) return override(params)
      const first = Array.isArray(params) ? params[0] : undefined
      switch (method) {
        case 'eth_requestAccounts':
          state.authorized = true
          return state.accounts
        case 'eth_accounts':
          return state.authorized ? state.accounts : []
        case 'eth_chainId':
          return hex(state.chainId)
        case 'wallet_switchEthereumChain': {
          const id = Number.parseInt((first as { chainId: string }).chainId, 16)
          if (!state.known.has(id)) throw { code: 4902, message: 'Unrecognized chain' }
          state.chainId = id
          emit('chainChanged', hex(id))
          return null
        }
        case 'wallet_addEthereumChain':
          state.known.add(Number.parseInt((first as { chainId: string }).chainId, 16))
          return null
        case 'wallet_revokePermissions':
          state.authorized = false
          return null
        default:
          throw { code: 4200, message: `Unsupported method ${method}` }
      }
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
  } as Eip1193Provider

  return {
    provider,
    state,
    calls,
    emit,
    /** Answers `method` with `handler` from now on (throw inside it to refuse). */
    override(method: string, handler: Handler) {
      overrides.set(method, handler)
    },
    reset(method: string) {
      overrides.delete(method)
    },
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
    /** Announces over EIP-6963 now and whenever the page asks. */
    announce(target: Window, info: { uuid?: string; name: string; rdns: string; icon?: string }) {
      const detail = {
        info: { uuid: info.uuid ?? crypto.randomUUID(), icon: info.icon ?? '', ...info },
        provider,
      }
      const send = () =>
        target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      target.addEventListener('eip6963:requestProvider', send)
      send()
      return () => target.removeEventListener('eip6963:requestProvider', send)
    },
  }
}

export type FakeWallet = ReturnType<typeof createFakeWallet>
