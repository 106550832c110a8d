import type { UniversalProviderInstance } from '../walletconnect/loadUniversalProvider.js'

type Listener = (...args: unknown[]) => void

export type FakeSession = {
  topic: string
  accounts: string[]
  chainId: number
  peer: { name: string; icons: string[] }
}

/** A request the dapp sent over the relay, waiting for the test to answer it. */
export type FakeRelayRequest = {
  method: string
  params: unknown
  answer(value: unknown): void
  fail(error: unknown): void
}

/**
 * WalletConnect's universal provider at the edge of the world, with its relay client: the relay
 * is up or down as the test says (`relay.up()`, `relay.down()`); a pairing gets its URI only once
 * the relay is up (like the real one, which waits for its socket), and is approved when the test
 * says; requests cross the relay and wait for the test's answer.
 */
export function createFakeUniversalProvider({
  now,
  relayUp = true,
  session,
}: {
  now: () => number
  relayUp?: boolean
  session?: FakeSession
}) {
  const listeners = new Map<string, Set<Listener>>()
  const relayListeners = new Map<string, Set<Listener>>()
  const emitTo = (map: Map<string, Set<Listener>>, event: string, ...args: unknown[]) => {
    for (const listener of [...(map.get(event) ?? [])]) listener(...args)
  }
  const on = (map: Map<string, Set<Listener>>) => (event: string, listener: Listener) => {
    let set = map.get(event)
    if (!set) {
      set = new Set()
      map.set(event, set)
    }
    set.add(listener)
  }
  const off = (map: Map<string, Set<Listener>>) => (event: string, listener: Listener) => {
    map.get(event)?.delete(listener)
  }

  const state = {
    connected: relayUp,
    closed: false,
    heartbeatStopped: false,
    /** Every pairing started: its namespaces, its URI once the relay took it, its approval. */
    pairings: [] as {
      namespaces: unknown
      uri?: string
      approve(session: FakeSession): void
      fail(error: unknown): void
    }[],
    requests: [] as FakeRelayRequest[],
    /** Session deletions the relay carried to the wallet. */
    deletions: [] as string[],
    /** Sessions forgotten locally (the session store's delete). */
    forgotten: [] as string[],
    /** The reason given with each of those deletions. */
    forgetReasons: [] as unknown[],
    /** How often the provider's own clean-up (its stored session and namespaces) ran. */
    cleanups: 0,
  }
  const relayWaiters: (() => void)[] = []
  const whenRelayUp = () =>
    state.connected ? Promise.resolve() : new Promise<void>((r) => relayWaiters.push(r))

  let nextPairing = 0
  const up = {
    session: session as FakeSession | undefined,
    on: on(listeners),
    removeListener: off(listeners),
    async connect({ optionalNamespaces }: { optionalNamespaces: unknown }) {
      let approve!: (s: FakeSession) => void
      let fail!: (error: unknown) => void
      const approval = new Promise<FakeSession>((resolve, reject) => {
        approve = resolve
        fail = reject
      })
      const pairing: (typeof state.pairings)[number] = {
        namespaces: optionalNamespaces,
        approve,
        fail,
      }
      state.pairings.push(pairing)
      await whenRelayUp()
      const expiry = Math.floor(now() / 1000) + 300
      pairing.uri = `wc:${String(nextPairing++).padStart(64, 'a')}@2?relay-protocol=irn&symKey=00&expiryTimestamp=${expiry}`
      emitTo(listeners, 'display_uri', pairing.uri)
      const approved = await approval
      up.session = approved
      return approved
    },
    async request({ method, params }: { method: string; params?: unknown }) {
      if (!up.session) throw new Error('Please call connect() before request()')
      if (method === 'eth_accounts') return up.session.accounts
      if (method === 'eth_chainId') return up.session.chainId
      return new Promise((answer, fail) => {
        state.requests.push({ method, params, answer, fail })
      })
    },
    async disconnect() {
      const topic = up.session?.topic
      await whenRelayUp()
      if (topic) state.deletions.push(topic)
      up.session = undefined
    },
    async cleanup() {
      state.cleanups++
      up.session = undefined
    },
    client: {
      session: {
        async delete(topic: string, reason?: unknown) {
          state.forgotten.push(topic)
          state.forgetReasons.push(reason)
        },
      },
      core: {
        heartbeat: {
          stop() {
            state.heartbeatStopped = true
          },
        },
        relayer: {
          get connected() {
            return state.connected
          },
          on: on(relayListeners),
          off: off(relayListeners),
          async transportClose() {
            state.closed = true
            if (state.connected) relay.down()
          },
        },
      },
    },
  }

  const relay = {
    up() {
      if (state.closed) return
      state.connected = true
      emitTo(relayListeners, 'relayer_connect')
      for (const waiter of relayWaiters.splice(0)) waiter()
    },
    down() {
      state.connected = false
      emitTo(relayListeners, 'relayer_disconnect')
    },
  }

  return {
    up: up as unknown as UniversalProviderInstance,
    state,
    relay,
    /** What the wallet sends on its own: `accountsChanged`, `session_delete`… */
    emit: (event: string, ...args: unknown[]) => emitTo(listeners, event, ...args),
    listenerCount: () =>
      [...listeners.values(), ...relayListeners.values()].reduce((n, set) => n + set.size, 0),
  }
}

export type FakeUniversalProvider = ReturnType<typeof createFakeUniversalProvider>
