import { SignClient } from '@walletconnect/sign-client'
import type { ProposalTypes, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError, parseUri } from '@walletconnect/utils'
import { type Address, getAddress } from 'viem'
import { type HDAccount, mnemonicToAccount } from 'viem/accounts'
import { unrecognizedChain, userRejected } from '../wallet/errors.js'
import { DEVNET_WALLETCONNECT_MNEMONIC, DEVNET_WALLETCONNECT_PROJECT_ID } from './constants.js'
import {
  chainIdHex,
  DEFAULT_EVENTS,
  DEFAULT_METHODS,
  eip155ChainId,
  executeConsentMethod,
  findSigner,
  isConsentMethod,
  switchTarget,
  toRpcError,
  unsupportedMethod,
  type WalletConnectWalletChain,
} from './methods.js'
import { createMemoryStorage, type WalletConnectStorage } from './storage.js'

type SignClientInstance = Awaited<ReturnType<typeof SignClient.init>>

export type Decision = 'approve' | 'reject'

type Waiter<T> = { resolve(item: T): void; reject(error: unknown): void }

/** How long pair() waits for the proposal once paired. */
export const DEFAULT_PROPOSAL_TIMEOUT_MS = 30_000

export type CreateDevnetWalletConnectWalletOptions = {
  /** The relay, e.g. the devnet's `relayUrl`. */
  relayUrl: string
  /** The chains the wallet signs for and sends transactions to (RPC URLs of the devnet). */
  chains: readonly WalletConnectWalletChain[]
  /** The mnemonic account exposed to dapps; 0 by default. */
  accountIndex?: number
  /** How many mnemonic accounts the wallet holds (the account chooser); 4 by default. */
  accountCount?: number
  mnemonic?: string
  /** Approve every session proposal and every request at once. */
  autoApprove?: boolean
  /**
   * Decides a session proposal as it arrives; returning nothing leaves it waiting (for
   * `nextProposal()` / the page's buttons). Takes precedence over autoApprove.
   */
  onProposal?: (
    proposal: WalletConnectProposal,
  ) => Decision | undefined | Promise<Decision | undefined>
  /** The same for requests that need consent (signatures, transactions). */
  onRequest?: (
    request: WalletConnectRequest,
  ) => Decision | undefined | Promise<Decision | undefined>
  /** 'devnet' by default; the devnet relay accepts any. */
  projectId?: string
  /** How the wallet presents itself to dapps. */
  metadata?: Partial<SignClientTypes.Metadata>
  /** In memory by default: nothing is written to disk. */
  storage?: WalletConnectStorage
  /**
   * The clients' storage prefix. The 2.25 core is shared by every client of a process (or page)
   * with the same prefix, so each wallet gets a unique one by default, apart from any dapp.
   */
  storagePrefix?: string
  /** Log level of the WalletConnect clients; 'silent' by default. */
  logLevel?: string
  /** pair() fails when no proposal arrives within this time (a stale URI); 30 s by default. */
  proposalTimeoutMs?: number
}

export type WalletConnectPeer = { name: string; url: string; description: string; icons: string[] }

export type WalletConnectProposal = {
  id: number
  pairingTopic: string
  proposer: WalletConnectPeer
  /** Every eip155 chain the dapp asked for (required and optional). */
  requestedChains: string[]
  /** Those the wallet knows: what approving exposes the account on. */
  chains: string[]
  methods: string[]
  events: string[]
  status: 'pending' | 'approved' | 'rejected' | 'expired'
  /** Approves with the wallet's current account (or the given one); resolves with the session. */
  approve(options?: { accountIndex?: number }): Promise<WalletConnectSession>
  reject(): Promise<void>
}

export type WalletConnectSession = {
  topic: string
  peer: WalletConnectPeer
  /** CAIP-2 ids. */
  chains: string[]
  /** CAIP-10 ids. */
  accounts: string[]
  methods: string[]
  events: string[]
  /** Seconds since the epoch. */
  expiry: number
}

export type WalletConnectRequest = {
  id: number
  topic: string
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: string
  method: string
  params: unknown
  peer: WalletConnectPeer | undefined
  status: 'pending' | 'approved' | 'rejected' | 'failed'
  /** Runs the method and answers the dapp with its result (also returned). */
  approve(): Promise<unknown>
  /** Answers `4001 User rejected the request.` */
  reject(): Promise<void>
}

export type WalletConnectWalletSnapshot = {
  accounts: Address[]
  accountIndex: number
  chains: WalletConnectWalletChain[]
  proposals: WalletConnectProposal[]
  requests: WalletConnectRequest[]
  sessions: WalletConnectSession[]
  closed: boolean
}

export type DevnetWalletConnectWallet = {
  /** The underlying `@walletconnect/sign-client` instance. */
  readonly client: SignClientInstance
  /** The relay client id (`did:key:…`). */
  clientId(): Promise<string>
  /** The account exposed to dapps. */
  address(): Address
  accounts(): Address[]
  snapshot(): WalletConnectWalletSnapshot
  /** Called after every change (proposals, requests, sessions, account). */
  subscribe(listener: () => void): () => void
  /** Pairs with a `wc:` URI; resolves with the session proposal that comes over that pairing. */
  pair(uri: string): Promise<WalletConnectProposal>
  /** pair() then approve(): resolves with the session once the dapp acknowledged it. */
  connect(uri: string): Promise<WalletConnectSession>
  /** The oldest waiting proposal not handed out yet, else the next to arrive. */
  nextProposal(): Promise<WalletConnectProposal>
  /** The oldest waiting request not handed out yet, else the next to arrive. */
  nextRequest(): Promise<WalletConnectRequest>
  pendingRequests(): WalletConnectRequest[]
  /** The newest active session. */
  session(): WalletConnectSession | undefined
  sessions(): WalletConnectSession[]
  /** Exposes another account: updates every session and emits accountsChanged. */
  selectAccount(index: number): Promise<void>
  /** Wallet-side network switch: emits chainChanged (adding the chain to the session if needed). */
  switchChain(chainId: number): Promise<void>
  /** Emits an accountsChanged session event (the current account by default). */
  emitAccountsChanged(accounts?: Address[]): Promise<void>
  /** Ends the session (every session by default): the dapp receives session_delete. */
  disconnect(topic?: string): Promise<void>
  /** Closes the relay socket and the clients' timers; the wallet is unusable afterwards. */
  close(): Promise<void>
}

/**
 * A WalletConnect wallet on `@walletconnect/sign-client` with the devnet's keys: it pairs with a
 * `wc:` URI, approves the session on the chains it knows, and answers personal_sign, eth_sign,
 * eth_signTypedData(_v3/_v4), eth_sendTransaction and eth_sendRawTransaction once approved (by
 * autoApprove, onRequest, or `nextRequest().approve()`), and eth_accounts, eth_chainId and
 * wallet_switchEthereumChain at once. Works in Node (tests) and in the browser (the Devnet
 * Mobile Wallet page). The hosted verify service is never asked (there is no internet).
 */
export async function createDevnetWalletConnectWallet(
  options: CreateDevnetWalletConnectWalletOptions,
): Promise<DevnetWalletConnectWallet> {
  if (options.chains.length === 0) throw new Error('the WalletConnect wallet needs a chain')
  const mnemonic = options.mnemonic ?? DEVNET_WALLETCONNECT_MNEMONIC
  const hdAccounts: HDAccount[] = Array.from({ length: options.accountCount ?? 4 }, (_, i) =>
    mnemonicToAccount(mnemonic, { addressIndex: i }),
  )
  let accountIndex = options.accountIndex ?? 0
  if (!hdAccounts[accountIndex]) throw new Error(`no account ${accountIndex}`)
  const chains = [...options.chains]
  const storagePrefix =
    options.storagePrefix ?? `portico-devnet-wc-wallet-${Math.random().toString(36).slice(2)}`

  const client = await SignClient.init({
    projectId: options.projectId ?? DEVNET_WALLETCONNECT_PROJECT_ID,
    relayUrl: options.relayUrl,
    metadata: {
      name: 'Devnet Mobile Wallet',
      description: 'The Portico devnet WalletConnect wallet',
      url: 'http://127.0.0.1',
      icons: [],
      ...options.metadata,
    },
    storage: options.storage ?? createMemoryStorage(),
    customStoragePrefix: storagePrefix,
    telemetryEnabled: false,
    logger: options.logLevel ?? 'silent',
  })
  // Offline, the hosted verify service only costs time (and a 5 s timer left behind): skip it.
  ;(client.core.verify as unknown as { resolve: () => Promise<undefined> }).resolve = async () =>
    undefined
  // The client waits a second after each answer before it shows the next queued request; a
  // tenth is plenty here and keeps tests quick.
  const engine = client.engine as unknown as { requestQueueDelay?: number }
  if (typeof engine.requestQueueDelay === 'number') engine.requestQueueDelay = 0.1

  const listeners = new Set<() => void>()
  const proposals: WalletConnectProposal[] = []
  const requests: WalletConnectRequest[] = []
  const handedOutProposals = new WeakSet<WalletConnectProposal>()
  const handedOutRequests = new WeakSet<WalletConnectRequest>()
  const proposalWaiters: Waiter<WalletConnectProposal>[] = []
  const requestWaiters: Waiter<WalletConnectRequest>[] = []
  const pairingWaiters = new Map<string, Waiter<WalletConnectProposal>>()
  const proposalTimeoutMs = options.proposalTimeoutMs ?? DEFAULT_PROPOSAL_TIMEOUT_MS
  let closed = false

  function changed() {
    for (const listener of [...listeners]) {
      try {
        listener()
      } catch (error) {
        console.error('[devnet walletconnect wallet] listener threw', error)
      }
    }
  }

  const account = () => hdAccounts[accountIndex] as HDAccount
  const chainOf = (caip: string) => chains.find((c) => `eip155:${c.chainId}` === caip)

  function sessionInfo(session: SessionTypes.Struct): WalletConnectSession {
    const namespaces = Object.values(session.namespaces)
    return {
      topic: session.topic,
      peer: peerOf(session.peer.metadata),
      chains: unique(namespaces.flatMap((ns) => ns.chains ?? ns.accounts.map(chainOfAccount))),
      accounts: namespaces.flatMap((ns) => ns.accounts),
      methods: unique(namespaces.flatMap((ns) => ns.methods)),
      events: unique(namespaces.flatMap((ns) => ns.events)),
      expiry: session.expiry,
    }
  }

  // Sessions the dapp acknowledged: the store may mark them a moment after acknowledged()
  // resolved, so the wallet keeps its own list too.
  const acknowledgedTopics = new Set<string>()
  function activeSessions(): SessionTypes.Struct[] {
    if (closed) return []
    return client.session.getAll().filter((s) => s.acknowledged || acknowledgedTopics.has(s.topic))
  }

  function takeNext<T>(
    list: T[],
    handedOut: WeakSet<object>,
    waiters: Waiter<T>[],
    isPending: (item: T) => boolean,
  ): Promise<T> {
    const ready = list.find((item) => isPending(item) && !handedOut.has(item as object))
    if (ready) {
      handedOut.add(ready as object)
      return Promise.resolve(ready)
    }
    if (closed) return Promise.reject(new Error('the wallet is closed'))
    return new Promise<T>((resolve, reject) => {
      waiters.push({
        resolve(item) {
          handedOut.add(item as object)
          resolve(item)
        },
        reject,
      })
    })
  }

  // ---- session proposals ----

  function requestedNamespaces(params: ProposalTypes.Struct) {
    const all = [
      ...Object.entries(params.requiredNamespaces ?? {}),
      ...Object.entries(params.optionalNamespaces ?? {}),
    ].filter(([key]) => key === 'eip155' || key.startsWith('eip155:'))
    const requestedChains = unique(
      all.flatMap(([key, ns]) => (key.includes(':') ? [key] : (ns.chains ?? []))),
    )
    const methods = unique(all.flatMap(([, ns]) => ns.methods ?? []))
    const events = unique(all.flatMap(([, ns]) => ns.events ?? []))
    return { requestedChains, methods, events }
  }

  function onProposal(event: SignClientTypes.EventArguments['session_proposal']) {
    const params = event.params
    const { requestedChains, methods, events } = requestedNamespaces(params)
    let decided: Promise<WalletConnectSession> | undefined
    let rejected: Promise<void> | undefined

    const proposal: WalletConnectProposal = {
      id: params.id,
      pairingTopic: params.pairingTopic,
      proposer: peerOf(params.proposer.metadata),
      requestedChains,
      chains: requestedChains.filter((caip) => chainOf(caip)),
      methods: methods.length > 0 ? methods : [...DEFAULT_METHODS],
      events: unique([...events, ...DEFAULT_EVENTS]),
      status: 'pending',
      approve(approveOptions) {
        if (rejected) return Promise.reject(new Error('the proposal was rejected'))
        decided ??= (async () => {
          const index = approveOptions?.accountIndex ?? accountIndex
          const chosen = hdAccounts[index]
          if (!chosen) throw new Error(`no account ${index}`)
          if (proposal.chains.length === 0) {
            await rejectProposal(getSdkError('UNSUPPORTED_CHAINS'))
            throw new Error(`none of the chains ${requestedChains.join(', ')} is a devnet chain`)
          }
          let namespaces: SessionTypes.Namespaces
          try {
            namespaces = buildApprovedNamespaces({
              proposal: params,
              supportedNamespaces: {
                eip155: {
                  chains: proposal.chains,
                  methods: proposal.methods,
                  events: proposal.events,
                  accounts: proposal.chains.map((caip) => `${caip}:${chosen.address}`),
                },
              },
            })
          } catch (error) {
            await rejectProposal(getSdkError('UNSUPPORTED_NAMESPACE_KEY'))
            throw error
          }
          accountIndex = index
          const { acknowledged } = await client.approve({ id: params.id, namespaces })
          const session = await acknowledged()
          acknowledgedTopics.add(session.topic)
          proposal.status = 'approved'
          remove(proposals, proposal)
          changed()
          return sessionInfo(session)
        })()
        return decided
      },
      reject() {
        if (decided) return Promise.reject(new Error('the proposal was approved'))
        rejected ??= rejectProposal(getSdkError('USER_REJECTED'))
        return rejected
      },
    }

    async function rejectProposal(reason: { code: number; message: string }) {
      proposal.status = 'rejected'
      remove(proposals, proposal)
      changed()
      await client.reject({ id: params.id, reason })
    }

    proposals.push(proposal)
    changed()
    pairingWaiters.get(params.pairingTopic)?.resolve(proposal)
    proposalWaiters.shift()?.resolve(proposal)
    void decide(proposal, options.onProposal)
  }

  // ---- session requests ----

  function sessionAccounts(topic: string, caip: string): Address[] {
    const session = client.session.get(topic)
    return Object.values(session.namespaces)
      .flatMap((ns) => ns.accounts)
      .filter((id) => id.startsWith(`${caip}:`))
      .map((id) => getAddress(id.split(':')[2] as string))
  }

  async function respond(
    topic: string,
    id: number,
    outcome: { result: unknown } | { error: unknown },
  ) {
    const jsonrpc = '2.0' as const
    await client.respond({
      topic,
      response:
        'result' in outcome
          ? { id, jsonrpc, result: outcome.result }
          : { id, jsonrpc, error: toRpcError(outcome.error) },
    })
  }

  async function onRequest(event: SignClientTypes.EventArguments['session_request']) {
    const { id, topic } = event
    const { request, chainId } = event.params
    const method = request.method
    try {
      if (isConsentMethod(method)) {
        queueRequest(event)
        return
      }
      const allowed = sessionAccounts(topic, chainId)
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return await respond(topic, id, { result: allowed })
        case 'eth_chainId':
          return await respond(topic, id, {
            result: chainIdHex(eip155ChainId(chainId) ?? chains[0]?.chainId ?? 0),
          })
        case 'wallet_switchEthereumChain': {
          const target = switchTarget(request.params)
          if (!chainOf(`eip155:${target}`)) throw unrecognizedChain(chainIdHex(target))
          await addChainToSession(topic, target)
          await respond(topic, id, { result: null })
          await emitSafely(topic, `eip155:${target}`, { name: 'chainChanged', data: target })
          return
        }
        default:
          throw unsupportedMethod(method)
      }
    } catch (error) {
      await respond(topic, id, { error }).catch(() => undefined)
    }
  }

  function queueRequest(event: SignClientTypes.EventArguments['session_request']) {
    const { id, topic } = event
    const { request: call, chainId } = event.params
    let outcome: Promise<unknown> | undefined
    const session = client.session.keys.includes(topic) ? client.session.get(topic) : undefined

    const settle = (status: WalletConnectRequest['status']) => {
      request.status = status
      remove(requests, request)
      changed()
    }

    const request: WalletConnectRequest = {
      id,
      topic,
      chainId,
      method: call.method,
      params: call.params,
      peer: session ? peerOf(session.peer.metadata) : undefined,
      status: 'pending',
      approve() {
        outcome ??= (async () => {
          let result: unknown
          try {
            const chain = chainOf(chainId)
            if (!chain) throw unrecognizedChain(chainId)
            const allowed = sessionAccounts(topic, chainId)
            result = await executeConsentMethod(call.method as never, call.params, {
              chain,
              signer: (address) => findSigner(hdAccounts, allowed, address),
              defaultSigner: () => findSigner(hdAccounts, allowed, allowed[0]),
            })
          } catch (error) {
            settle('failed')
            await respond(topic, id, { error }).catch(() => undefined)
            throw error
          }
          settle('approved')
          await respond(topic, id, { result })
          return result
        })()
        return outcome
      },
      reject() {
        outcome ??= (async () => {
          settle('rejected')
          await respond(topic, id, { error: userRejected() })
        })()
        return outcome.then(() => undefined)
      },
    }
    requests.push(request)
    changed()
    requestWaiters.shift()?.resolve(request)
    void decide(request, options.onRequest)
  }

  async function decide(
    item: WalletConnectProposal | WalletConnectRequest,
    hook: ((item: never) => Decision | undefined | Promise<Decision | undefined>) | undefined,
  ) {
    try {
      const decision = hook
        ? await hook(item as never)
        : options.autoApprove
          ? 'approve'
          : undefined
      if (decision === 'approve') await item.approve()
      else if (decision === 'reject') await item.reject()
    } catch (error) {
      if (!closed) console.error('[devnet walletconnect wallet] could not answer', error)
    }
  }

  // ---- session changes ----

  async function addChainToSession(topic: string, chainId: number) {
    const session = client.session.get(topic)
    const caip = `eip155:${chainId}`
    const eip155 = session.namespaces.eip155
    if (!eip155 || (eip155.chains ?? []).includes(caip)) return
    const address = sessionAccounts(topic, eip155.chains?.[0] ?? '')[0] ?? account().address
    const { acknowledged } = await client.update({
      topic,
      namespaces: {
        ...session.namespaces,
        eip155: {
          ...eip155,
          chains: [...(eip155.chains ?? []), caip],
          accounts: [...eip155.accounts, `${caip}:${address}`],
        },
      },
    })
    await acknowledged()
    changed()
  }

  async function emitSafely(
    topic: string,
    chainId: string,
    event: { name: string; data: unknown },
  ) {
    await client.emit({ topic, chainId, event })
  }

  client.on('session_proposal', onProposal)
  client.on('session_request', (event) => void onRequest(event))
  const onSessionGone = ({ topic }: { topic: string }) => {
    for (const request of requests.filter((r) => r.topic === topic)) remove(requests, request)
    changed()
  }
  client.on('session_delete', onSessionGone)
  client.on('session_expire', onSessionGone)
  client.on('session_update', () => changed())
  client.on('proposal_expire', ({ id }) => {
    const proposal = proposals.find((p) => p.id === id)
    if (!proposal) return
    proposal.status = 'expired'
    remove(proposals, proposal)
    changed()
  })

  const wallet: DevnetWalletConnectWallet = {
    client,
    clientId: () => client.core.crypto.getClientId(),
    address: () => account().address,
    accounts: () => hdAccounts.map((a) => a.address),
    snapshot: () => ({
      accounts: hdAccounts.map((a) => a.address),
      accountIndex,
      chains: [...chains],
      proposals: [...proposals],
      requests: [...requests],
      sessions: activeSessions().map(sessionInfo),
      closed,
    }),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async pair(uri) {
      if (closed) throw new Error('the wallet is closed')
      const { topic } = parseUri(uri)
      if (!topic) throw new Error('not a WalletConnect pairing URI')
      const already = proposals.find((p) => p.pairingTopic === topic)
      if (already) return already
      // The proposal is in the relay's mailbox: it comes at once, unless the URI is stale.
      let timer: ReturnType<typeof setTimeout> | undefined
      const arrived = new Promise<WalletConnectProposal>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer)
          pairingWaiters.delete(topic)
        }
        pairingWaiters.set(topic, {
          resolve(proposal) {
            done()
            resolve(proposal)
          },
          reject(error) {
            done()
            reject(error)
          },
        })
      })
      try {
        await client.pair({ uri })
      } catch (error) {
        pairingWaiters.get(topic)?.reject(error)
        return arrived
      }
      if (pairingWaiters.has(topic)) {
        timer = setTimeout(() => {
          pairingWaiters
            .get(topic)
            ?.reject(
              new Error('No session proposal came with this pairing URI: it may have expired'),
            )
        }, proposalTimeoutMs)
      }
      return arrived
    },
    async connect(uri) {
      return (await wallet.pair(uri)).approve()
    },
    nextProposal: () =>
      takeNext(proposals, handedOutProposals, proposalWaiters, (p) => p.status === 'pending'),
    nextRequest: () =>
      takeNext(requests, handedOutRequests, requestWaiters, (r) => r.status === 'pending'),
    pendingRequests: () => requests.filter((r) => r.status === 'pending'),
    session() {
      const all = activeSessions()
      const newest = all[all.length - 1]
      return newest ? sessionInfo(newest) : undefined
    },
    sessions: () => activeSessions().map(sessionInfo),
    async selectAccount(index) {
      const chosen = hdAccounts[index]
      if (!chosen) throw new Error(`no account ${index}`)
      accountIndex = index
      changed()
      for (const session of activeSessions()) {
        const namespaces = Object.fromEntries(
          Object.entries(session.namespaces).map(([key, ns]) => [
            key,
            {
              ...ns,
              accounts: unique(ns.accounts.map((id) => `${chainOfAccount(id)}:${chosen.address}`)),
            },
          ]),
        )
        const { acknowledged } = await client.update({ topic: session.topic, namespaces })
        await acknowledged()
        const first = sessionInfo(session).chains[0]
        if (first) {
          await emitSafely(session.topic, first, {
            name: 'accountsChanged',
            data: [chosen.address],
          })
        }
      }
      changed()
    },
    async switchChain(chainId) {
      if (!chainOf(`eip155:${chainId}`)) throw unrecognizedChain(chainIdHex(chainId))
      for (const session of activeSessions()) {
        await addChainToSession(session.topic, chainId)
        await emitSafely(session.topic, `eip155:${chainId}`, {
          name: 'chainChanged',
          data: chainId,
        })
      }
    },
    async emitAccountsChanged(accounts) {
      for (const session of activeSessions()) {
        const first = sessionInfo(session).chains[0]
        if (!first) continue
        await emitSafely(session.topic, first, {
          name: 'accountsChanged',
          data: accounts ?? [account().address],
        })
      }
    },
    async disconnect(topic) {
      const targets = activeSessions().filter((s) => topic === undefined || s.topic === topic)
      for (const session of targets) {
        for (const request of requests.filter((r) => r.topic === session.topic)) {
          remove(requests, request)
        }
        await client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
      }
      changed()
    },
    async close() {
      if (closed) return
      closed = true
      const gone = new Error('the wallet is closed')
      for (const waiter of [
        ...pairingWaiters.values(),
        ...proposalWaiters.splice(0),
        ...requestWaiters.splice(0),
      ]) {
        waiter.reject(gone)
      }
      try {
        await client.core.relayer.transportClose()
      } finally {
        client.core.heartbeat.stop()
        client.removeAllListeners('session_proposal')
        client.removeAllListeners('session_request')
        // The core registered itself globally under its storage prefix; let it go.
        const global = globalThis as Record<string, unknown>
        delete global[`_walletConnectCore_${storagePrefix}`]
        delete global[`_walletConnectCore_${storagePrefix}_count`]
        changed()
      }
    },
  }
  return wallet
}

function peerOf(metadata: SignClientTypes.Metadata | undefined): WalletConnectPeer {
  return {
    name: String(metadata?.name ?? ''),
    url: String(metadata?.url ?? ''),
    description: String(metadata?.description ?? ''),
    icons: Array.isArray(metadata?.icons) ? metadata.icons.map(String) : [],
  }
}

function chainOfAccount(caip10: string): string {
  return caip10.split(':').slice(0, 2).join(':')
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)]
}

function remove<T>(list: T[], item: T) {
  const index = list.indexOf(item)
  if (index >= 0) list.splice(index, 1)
}
