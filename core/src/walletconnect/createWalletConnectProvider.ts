import type { Eip1193Provider } from '../connectors/index.js'
import {
  releaseWalletConnectCore,
  type UniversalProviderInstance,
} from './loadUniversalProvider.js'

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
  /** Gives up the waiting connection request. */
  cancelPairing(reason: Error): void
  /** Ends the session with the wallet. */
  disconnect(): Promise<void>
  /** The wallet's own metadata once a session exists. */
  peer(): { name: string; icon?: string } | undefined
  /** Closes the relay connection (the session stays stored for the next page load). */
  close(): Promise<void>
}

const UNAUTHORIZED = { code: 4100, message: 'No WalletConnect session: connect first' }

/**
 * An EIP-1193 provider in front of WalletConnect, light enough to create at start-up: the real
 * universal provider is loaded on the first request. `eth_requestAccounts` pairs when there is no
 * session; `eth_accounts` never does.
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
  let instance: Promise<UniversalProviderInstance> | undefined
  let current: UniversalProviderInstance | undefined
  let generation = 0
  let waiting: { resolve(): void; reject(error: unknown): void } | undefined

  function emit(event: string, ...args: unknown[]) {
    for (const listener of listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => void)(...args)
  }

  function get(): Promise<UniversalProviderInstance> {
    instance ??= load().then((up) => {
      current = up
      up.on('display_uri', (uri: string) => onUri(uri))
      up.on('accountsChanged', (accounts: string[]) => emit('accountsChanged', accounts))
      up.on('chainChanged', (chainId: string | number) => emit('chainChanged', chainId))
      up.on('session_delete', () => emit('disconnect'))
      up.on('session_expire', () => emit('disconnect'))
      up.on('disconnect', () => emit('disconnect'))
      return up
    })
    instance.catch(() => {
      instance = undefined
    })
    return instance
  }

  async function startPairing() {
    const mine = ++generation
    const up = await get()
    try {
      const auth = signIn()
      // A sign-in that cannot be prepared (its server is down) leaves a plain pairing.
      const request = await auth?.request().catch(() => undefined)
      const session = await up.connect({
        optionalNamespaces: namespaces(),
        ...(request ? { authentication: [request] } : {}),
      })
      const cacaos = request ? session?.authentication : undefined
      if (auth && cacaos?.length) {
        // Before the connection is reported, so its sign-in is known when the app hears of it.
        await auth
          .accept(cacaos, (cacao) => {
            const { p } = cacao as { p: { iss: string } }
            return up.client.formatAuthMessage({ request: p as never, iss: p.iss })
          })
          .catch(() => undefined)
      }
      // Any approved pairing connects, even one whose URI was since replaced.
      waiting?.resolve()
    } catch (error) {
      if (mine === generation) {
        onPairingError(error)
        waiting?.reject(error)
      }
    }
  }

  async function accounts(up: UniversalProviderInstance) {
    return up.session ? ((await up.request({ method: 'eth_accounts' })) as string[]) : []
  }

  const provider: WalletConnectProvider = {
    async request({ method, params }) {
      const up = await get()
      if (method === 'eth_accounts') return accounts(up)
      if (method === 'eth_requestAccounts') {
        if (!up.session) {
          await new Promise<void>((resolve, reject) => {
            waiting = { resolve, reject }
            void startPairing()
          }).finally(() => {
            waiting = undefined
          })
        }
        return accounts(up)
      }
      if (!up.session) throw UNAUTHORIZED
      return up.request({ method, params: params as unknown[] })
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
      if (waiting) void startPairing()
    },
    cancelPairing(reason) {
      generation++
      waiting?.reject(reason)
    },
    async disconnect() {
      if (current?.session) await current.disconnect()
    },
    async close() {
      waiting?.reject(new Error('WalletConnect was closed'))
      await current?.client?.core?.relayer?.transportClose().catch(() => undefined)
      releaseWalletConnectCore(current)
    },
    peer() {
      const metadata = current?.session?.peer.metadata
      if (!metadata) return undefined
      return { name: metadata.name, icon: metadata.icons?.[0] }
    },
  }
  return provider
}
