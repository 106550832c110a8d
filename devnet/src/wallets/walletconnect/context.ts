import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import type { HDAccount } from 'viem/accounts'
import type { WalletConnectWalletChain } from './methods.js'
import type {
  CreateDevnetWalletConnectWalletOptions,
  Decision,
  SignClientInstance,
  WalletConnectAuthRequest,
  WalletConnectPeer,
  WalletConnectProposal,
  WalletConnectRequest,
  WalletConnectSession,
} from './types.js'

// What the parts of the WalletConnect wallet share (pairing, proposals, sign-in requests,
// session requests, session changes): the client, the keys, the lists the wallet shows, and
// how an item waiting for a decision is handed out and decided.

type Waiter<T> = { resolve(item: T): void; reject(error: unknown): void }

/** What a pairing brings first: a session proposal or a one-click sign-in request. */
export type PairingItem = WalletConnectProposal | WalletConnectAuthRequest

/**
 * Items waiting for a decision (proposals, sign-in requests, requests): kept in arrival order,
 * each handed out once by `next()` (at once, or when it arrives).
 */
type Inbox<T extends { status: string }> = {
  readonly items: T[]
  add(item: T): void
  remove(item: T): void
  /** The oldest waiting item not handed out yet, else the next to arrive. */
  next(): Promise<T>
  pending(): T[]
  /** Fails everyone still waiting in `next()` (the wallet closed). */
  close(reason: Error): void
}

function createInbox<T extends { status: string }>(closed: () => boolean): Inbox<T> {
  const items: T[] = []
  const handedOut = new WeakSet<T>()
  const waiters: Waiter<T>[] = []
  const isPending = (item: T) => item.status === 'pending'
  return {
    items,
    add(item) {
      items.push(item)
      waiters.shift()?.resolve(item)
    },
    remove: (item) => remove(items, item),
    next() {
      const ready = items.find((item) => isPending(item) && !handedOut.has(item))
      if (ready) {
        handedOut.add(ready)
        return Promise.resolve(ready)
      }
      if (closed()) return Promise.reject(new Error('the wallet is closed'))
      return new Promise<T>((resolve, reject) => {
        waiters.push({
          resolve(item) {
            handedOut.add(item)
            resolve(item)
          },
          reject,
        })
      })
    },
    pending: () => items.filter(isPending),
    close(reason) {
      for (const waiter of waiters.splice(0)) waiter.reject(reason)
    },
  }
}

/**
 * An approval and a rejection that each run once, and neither after the other (`what` names
 * the item in the refusal).
 */
export function decideOnce<A extends unknown[], R>(
  what: string,
  approve: (...args: A) => Promise<R>,
  reject: () => Promise<void>,
) {
  let approved: Promise<R> | undefined
  let rejected: Promise<void> | undefined
  return {
    approve(...args: A): Promise<R> {
      if (rejected) return Promise.reject(new Error(`the ${what} was rejected`))
      approved ??= approve(...args)
      return approved
    },
    reject(): Promise<void> {
      if (approved) return Promise.reject(new Error(`the ${what} was approved`))
      rejected ??= reject()
      return rejected
    },
  }
}

export type WalletContext = {
  client: SignClientInstance
  options: CreateDevnetWalletConnectWalletOptions
  hdAccounts: readonly HDAccount[]
  chains: readonly WalletConnectWalletChain[]
  /** The account exposed to dapps, and whether the wallet was closed. */
  state: { accountIndex: number; closed: boolean }
  proposals: Inbox<WalletConnectProposal>
  authRequests: Inbox<WalletConnectAuthRequest>
  requests: Inbox<WalletConnectRequest>
  /** Who waits for what a pairing topic brings (see `pairing.ts`). */
  pairingWaiters: Map<string, Waiter<PairingItem>>
  /**
   * Sessions the dapp acknowledged: the store may mark them a moment after acknowledged()
   * resolved, so the wallet keeps its own list too.
   */
  acknowledgedTopics: Set<string>
  /** Tells the wallet's listeners (its page) that something changed. */
  changed(): void
  subscribe(listener: () => void): () => void
  account(): HDAccount
  chainOf(caip: string): WalletConnectWalletChain | undefined
  activeSessions(): SessionTypes.Struct[]
  sessionInfo(session: SessionTypes.Struct): WalletConnectSession
  /** Answers an item as `hook` says (or autoApprove); nothing: it waits for the page. */
  decide(
    item: PairingItem | WalletConnectRequest,
    hook: ((item: never) => Decision | undefined | Promise<Decision | undefined>) | undefined,
  ): Promise<void>
}

export function createContext(parts: {
  client: SignClientInstance
  options: CreateDevnetWalletConnectWalletOptions
  hdAccounts: readonly HDAccount[]
  accountIndex: number
}): WalletContext {
  const { client, options } = parts
  const chains = [...options.chains]
  const state = { accountIndex: parts.accountIndex, closed: false }
  const listeners = new Set<() => void>()
  const acknowledgedTopics = new Set<string>()
  const closed = () => state.closed

  const context: WalletContext = {
    client,
    options,
    hdAccounts: parts.hdAccounts,
    chains,
    state,
    proposals: createInbox(closed),
    authRequests: createInbox(closed),
    requests: createInbox(closed),
    pairingWaiters: new Map(),
    acknowledgedTopics,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    changed() {
      for (const listener of [...listeners]) {
        try {
          listener()
        } catch (error) {
          console.error('[devnet walletconnect wallet] listener threw', error)
        }
      }
    },
    account: () => parts.hdAccounts[state.accountIndex] as HDAccount,
    chainOf: (caip) => chains.find((c) => `eip155:${c.chainId}` === caip),
    activeSessions() {
      if (state.closed) return []
      return client.session
        .getAll()
        .filter((s) => s.acknowledged || acknowledgedTopics.has(s.topic))
    },
    sessionInfo(session) {
      const namespaces = Object.values(session.namespaces)
      return {
        topic: session.topic,
        peer: peerOf(session.peer.metadata),
        chains: unique(namespaces.flatMap((ns) => ns.chains ?? ns.accounts.map(chainOfAccount))),
        accounts: namespaces.flatMap((ns) => ns.accounts),
        methods: unique(namespaces.flatMap((ns) => ns.methods)),
        events: unique(namespaces.flatMap((ns) => ns.events)),
        expiry: session.expiry,
        authentication: session.authentication ?? [],
      }
    },
    async decide(item, hook) {
      try {
        const decision = hook
          ? await hook(item as never)
          : options.autoApprove
            ? 'approve'
            : undefined
        if (decision === 'approve') await item.approve()
        else if (decision === 'reject') await item.reject()
      } catch (error) {
        if (!state.closed) console.error('[devnet walletconnect wallet] could not answer', error)
      }
    },
  }
  return context
}

/** The account an approval signs with: the one asked for, else the wallet's; none: it throws. */
export function chosenAccount(context: WalletContext, options?: { accountIndex?: number }) {
  const index = options?.accountIndex ?? context.state.accountIndex
  const chosen = context.hdAccounts[index]
  if (!chosen) throw new Error(`no account ${index}`)
  return { index, chosen }
}

export function peerOf(metadata: SignClientTypes.Metadata | undefined): WalletConnectPeer {
  return {
    name: String(metadata?.name ?? ''),
    url: String(metadata?.url ?? ''),
    description: String(metadata?.description ?? ''),
    icons: Array.isArray(metadata?.icons) ? metadata.icons.map(String) : [],
  }
}

export function chainOfAccount(caip10: string): string {
  return caip10.split(':').slice(0, 2).join(':')
}

export function unique<T>(items: T[]): T[] {
  return [...new Set(items)]
}

function remove<T>(list: T[], item: T) {
  const index = list.indexOf(item)
  if (index >= 0) list.splice(index, 1)
}
