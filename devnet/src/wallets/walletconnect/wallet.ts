import { SignClient } from '@walletconnect/sign-client'
import type { AuthTypes, ProposalTypes, SessionTypes, SignClientTypes } from '@walletconnect/types'
import {
  buildApprovedNamespaces,
  buildAuthObject,
  getMethodsFromRecap,
  getRecapFromResources,
  getSdkError,
  parseUri,
  populateAuthPayload,
} from '@walletconnect/utils'
import { type Address, getAddress } from 'viem'
import { type HDAccount, mnemonicToAccount } from 'viem/accounts'
import { unrecognizedChain, userRejected } from '../evm/errors.js'
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
  /** The same for one-click sign-in requests (`wallet_authenticate`). */
  onAuthenticate?: (
    request: WalletConnectAuthRequest,
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

/** What a dapp asks to have signed for one-click sign-in (CAIP-122), as the wallet shows it. */
export type WalletConnectSignInRequest = {
  /** The message's domain and URI (`aud`), as the dapp sent them. */
  domain: string
  uri: string
  nonce: string
  statement: string | undefined
  /** Every chain the dapp asked for. */
  requestedChains: string[]
  /** Those the wallet knows: it signs one CACAO per chain. */
  chains: string[]
}

export type WalletConnectProposal = {
  kind: 'proposal'
  id: number
  pairingTopic: string
  proposer: WalletConnectPeer
  /** Every eip155 chain the dapp asked for (required and optional). */
  requestedChains: string[]
  /** Those the wallet knows: what approving exposes the account on. */
  chains: string[]
  methods: string[]
  events: string[]
  /**
   * Sign-in requests sent along (the 2.25 `connect({ authentication })`): approving signs one
   * CACAO per known chain of each and returns them with the session (`proposalRequestsResponses`).
   */
  authentication: WalletConnectSignInRequest[]
  /** The texts approving signs for `authentication`, with the account at `accountIndex`. */
  messages(accountIndex?: number): string[]
  status: 'pending' | 'approved' | 'rejected' | 'expired'
  /** Approves with the wallet's current account (or the given one); resolves with the session. */
  approve(options?: { accountIndex?: number }): Promise<WalletConnectSession>
  reject(): Promise<void>
}

/**
 * A one-click sign-in request (WalletConnect `wallet_authenticate`, the `session_authenticate`
 * event): the dapp asks for a signed sign-in message (CAIP-122 / EIP-4361) and, optionally,
 * a session with the methods of its ReCap, in one step.
 */
export type WalletConnectAuthRequest = WalletConnectSignInRequest & {
  kind: 'authenticate'
  id: number
  pairingTopic: string
  /** The dapp, as it describes itself. */
  proposer: WalletConnectPeer
  /** The methods the dapp asked for (its ReCap); the session approving creates has these. */
  methods: string[]
  /** Seconds since the epoch. */
  expiry: number
  status: 'pending' | 'approved' | 'rejected'
  /** The texts approving signs (one per known chain) with the account at `accountIndex`. */
  messages(accountIndex?: number): string[]
  /**
   * Signs one CACAO per known chain with the current account (or the given one) and answers
   * the dapp; resolves with the CACAOs and the session they open (none when no methods asked).
   */
  approve(options?: { accountIndex?: number }): Promise<WalletConnectAuthResult>
  /** Answers `5000 User rejected.` */
  reject(): Promise<void>
}

export type WalletConnectAuthResult = {
  cacaos: AuthTypes.Cacao[]
  session: WalletConnectSession | undefined
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
  /** The CACAOs the session was approved with (one-click sign-in), else empty. */
  authentication: AuthTypes.Cacao[]
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
  authRequests: WalletConnectAuthRequest[]
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
  /**
   * Pairs with a `wc:` URI; resolves with the session proposal that comes over that pairing
   * (rejects when a one-click sign-in request comes instead: see `pairAuthenticate`).
   */
  pair(uri: string): Promise<WalletConnectProposal>
  /** Pairs with the URI of a dapp's `authenticate()`; resolves with its sign-in request. */
  pairAuthenticate(uri: string): Promise<WalletConnectAuthRequest>
  /** Pairs; resolves with whatever comes over the pairing (proposal or sign-in request). */
  open(uri: string): Promise<WalletConnectProposal | WalletConnectAuthRequest>
  /** pair() then approve(): resolves with the session once the dapp acknowledged it. */
  connect(uri: string): Promise<WalletConnectSession>
  /** pairAuthenticate() then approve(): resolves with the CACAOs (and session) sent. */
  signIn(uri: string): Promise<WalletConnectAuthResult>
  /** The oldest waiting proposal not handed out yet, else the next to arrive. */
  nextProposal(): Promise<WalletConnectProposal>
  /** The oldest waiting one-click sign-in request not handed out yet, else the next to arrive. */
  nextAuthRequest(): Promise<WalletConnectAuthRequest>
  pendingAuthRequests(): WalletConnectAuthRequest[]
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
  const authRequests: WalletConnectAuthRequest[] = []
  const requests: WalletConnectRequest[] = []
  const handedOutProposals = new WeakSet<WalletConnectProposal>()
  const handedOutAuthRequests = new WeakSet<WalletConnectAuthRequest>()
  const handedOutRequests = new WeakSet<WalletConnectRequest>()
  const proposalWaiters: Waiter<WalletConnectProposal>[] = []
  const authRequestWaiters: Waiter<WalletConnectAuthRequest>[] = []
  const requestWaiters: Waiter<WalletConnectRequest>[] = []
  // What a pairing brings first: a session proposal or a one-click sign-in request.
  type PairingItem = WalletConnectProposal | WalletConnectAuthRequest
  const pairingWaiters = new Map<string, Waiter<PairingItem>>()
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
      authentication: session.authentication ?? [],
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

  // ---- one-click sign-in: CACAOs ----

  /**
   * The texts a sign-in request asks the account to sign, one per chain the wallet knows: the
   * request narrowed to those chains and the wallet's methods (populateAuthPayload rewrites a
   * ReCap's statement the way WalletConnect wallets word it), each as `formatAuthMessage` writes
   * it for that chain's `did:pkh` issuer.
   */
  function signInTexts(request: AuthTypes.PayloadParams, address: Address) {
    const known = (request.chains ?? []).filter((caip) => chainOf(caip))
    if (known.length === 0) return { payload: request, texts: [] }
    const populated = populateAuthPayload({
      authPayload: request,
      chains: known,
      methods: [...DEFAULT_METHODS],
    })
    // Without a ReCap, populateAuthPayload leaves the chains as they were asked.
    const payload = { ...populated, chains: populated.chains.filter((caip) => chainOf(caip)) }
    return {
      payload,
      texts: payload.chains.map((caip) => {
        const iss = `did:pkh:${caip}:${address}`
        return { iss, text: client.formatAuthMessage({ request: payload, iss }) }
      }),
    }
  }

  /** Signs them (EIP-191) into CACAOs. */
  async function signCacaos(request: AuthTypes.PayloadParams, signer: HDAccount) {
    const { payload, texts } = signInTexts(request, signer.address)
    const cacaos: AuthTypes.Cacao[] = []
    for (const { iss, text } of texts) {
      const signature = await signer.signMessage({ message: text })
      cacaos.push(buildAuthObject(payload, { t: 'eip191', s: signature }, iss))
    }
    return cacaos
  }

  function signInRequest(request: AuthTypes.PayloadParams): WalletConnectSignInRequest {
    const requestedChains = unique(request.chains ?? [])
    return {
      domain: request.domain,
      uri: request.aud ?? '',
      nonce: request.nonce,
      statement: request.statement || undefined,
      requestedChains,
      chains: requestedChains.filter((caip) => chainOf(caip)),
    }
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
    // The 2.25 protocol carries sign-in requests in the proposal itself.
    const signIns = (params.requests?.authentication ?? []) as AuthTypes.PayloadParams[]
    let decided: Promise<WalletConnectSession> | undefined
    let rejected: Promise<void> | undefined

    const proposal: WalletConnectProposal = {
      kind: 'proposal',
      id: params.id,
      pairingTopic: params.pairingTopic,
      proposer: peerOf(params.proposer.metadata),
      requestedChains,
      chains: requestedChains.filter((caip) => chainOf(caip)),
      methods: methods.length > 0 ? methods : [...DEFAULT_METHODS],
      events: unique([...events, ...DEFAULT_EVENTS]),
      authentication: signIns.map(signInRequest),
      messages(index = accountIndex) {
        const chosen = hdAccounts[index]
        if (!chosen) return []
        return signIns.flatMap((request) => {
          try {
            return signInTexts(request, chosen.address).texts.map((t) => t.text)
          } catch {
            return []
          }
        })
      },
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
          let cacaos: AuthTypes.Cacao[] = []
          try {
            for (const request of signIns)
              cacaos = [...cacaos, ...(await signCacaos(request, chosen))]
          } catch (error) {
            await rejectProposal(getSdkError('UNSUPPORTED_CHAINS'))
            throw error
          }
          accountIndex = index
          const { acknowledged } = await client.approve({
            id: params.id,
            namespaces,
            ...(signIns.length > 0
              ? { proposalRequestsResponses: { authentication: cacaos } }
              : {}),
          })
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

  // ---- one-click sign-in (wallet_authenticate) ----

  function onAuthenticate(event: SignClientTypes.EventArguments['session_authenticate']) {
    const { id, topic } = event
    const { authPayload, requester, expiryTimestamp } = event.params
    const asked = signInRequest(authPayload)
    let decided: Promise<WalletConnectAuthResult> | undefined
    let rejected: Promise<void> | undefined

    const settle = (status: WalletConnectAuthRequest['status']) => {
      request.status = status
      remove(authRequests, request)
      changed()
    }

    const request: WalletConnectAuthRequest = {
      ...asked,
      kind: 'authenticate',
      id,
      pairingTopic: topic,
      proposer: peerOf(requester.metadata),
      methods: recapMethods(authPayload.resources),
      expiry: expiryTimestamp,
      status: 'pending',
      messages(index = accountIndex) {
        const chosen = hdAccounts[index]
        if (!chosen) return []
        try {
          return signInTexts(authPayload, chosen.address).texts.map((t) => t.text)
        } catch {
          return []
        }
      },
      approve(approveOptions) {
        if (rejected) return Promise.reject(new Error('the sign-in request was rejected'))
        decided ??= (async () => {
          const index = approveOptions?.accountIndex ?? accountIndex
          const chosen = hdAccounts[index]
          if (!chosen) throw new Error(`no account ${index}`)
          let cacaos: AuthTypes.Cacao[]
          try {
            if (asked.chains.length === 0) {
              throw new Error(
                `none of the chains ${asked.requestedChains.join(', ')} is a devnet chain`,
              )
            }
            cacaos = await signCacaos(authPayload, chosen)
          } catch (error) {
            settle('rejected')
            await client.rejectSessionAuthenticate({
              id,
              reason: getSdkError('UNSUPPORTED_CHAINS'),
            })
            throw error
          }
          accountIndex = index
          const { session } = await client.approveSessionAuthenticate({ id, auths: cacaos })
          if (session) acknowledgedTopics.add(session.topic)
          settle('approved')
          return { cacaos, session: session ? sessionInfo(session) : undefined }
        })()
        return decided
      },
      reject() {
        if (decided) return Promise.reject(new Error('the sign-in request was approved'))
        rejected ??= (async () => {
          settle('rejected')
          await client.rejectSessionAuthenticate({ id, reason: getSdkError('USER_REJECTED') })
        })()
        return rejected
      },
    }

    authRequests.push(request)
    changed()
    pairingWaiters.get(topic)?.resolve(request)
    authRequestWaiters.shift()?.resolve(request)
    void decide(request, options.onAuthenticate)
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
    item: WalletConnectProposal | WalletConnectAuthRequest | WalletConnectRequest,
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
  // Listening for it is what makes a wallet one-click capable: the client then ignores the
  // fallback session proposal a dapp's authenticate() sends along.
  client.on('session_authenticate', onAuthenticate)
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

  // ---- pairing ----

  /** Pairs with `uri`; resolves with what comes over the pairing first. */
  async function openPairing(uri: string): Promise<PairingItem> {
    if (closed) throw new Error('the wallet is closed')
    const { topic } = parseUri(uri)
    if (!topic) throw new Error('not a WalletConnect pairing URI')
    const already =
      proposals.find((p) => p.pairingTopic === topic) ??
      authRequests.find((r) => r.pairingTopic === topic)
    if (already) return already
    // The proposal (or sign-in request) is in the relay's mailbox: it comes at once, unless the
    // URI is stale.
    let timer: ReturnType<typeof setTimeout> | undefined
    const arrived = new Promise<PairingItem>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer)
        pairingWaiters.delete(topic)
      }
      pairingWaiters.set(topic, {
        resolve(item) {
          done()
          resolve(item)
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
          ?.reject(new Error('No session proposal came with this pairing URI: it may have expired'))
      }, proposalTimeoutMs)
    }
    return arrived
  }

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
      authRequests: [...authRequests],
      requests: [...requests],
      sessions: activeSessions().map(sessionInfo),
      closed,
    }),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async pair(uri) {
      const item = await openPairing(uri)
      if (item.kind === 'proposal') return item
      throw new Error(
        'This pairing brought a one-click sign-in request (wallet_authenticate), not a session proposal: use pairAuthenticate()',
      )
    },
    async pairAuthenticate(uri) {
      const item = await openPairing(uri)
      if (item.kind === 'authenticate') return item
      throw new Error('This pairing brought a session proposal, not a one-click sign-in request')
    },
    open: (uri) => openPairing(uri),
    async connect(uri) {
      return (await wallet.pair(uri)).approve()
    },
    async signIn(uri) {
      return (await wallet.pairAuthenticate(uri)).approve()
    },
    nextProposal: () =>
      takeNext(proposals, handedOutProposals, proposalWaiters, (p) => p.status === 'pending'),
    nextAuthRequest: () =>
      takeNext(
        authRequests,
        handedOutAuthRequests,
        authRequestWaiters,
        (r) => r.status === 'pending',
      ),
    pendingAuthRequests: () => authRequests.filter((r) => r.status === 'pending'),
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
        ...authRequestWaiters.splice(0),
        ...requestWaiters.splice(0),
      ]) {
        waiter.reject(gone)
      }
      try {
        await client.core.relayer.transportClose()
      } finally {
        client.core.heartbeat.stop()
        client.removeAllListeners('session_proposal')
        client.removeAllListeners('session_authenticate')
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

/** The eip155 methods a request's ReCap (its last resource, `urn:recap:…`) asks for. */
function recapMethods(resources: string[] | undefined): string[] {
  const recap = getRecapFromResources(resources)
  if (!recap) return []
  try {
    return getMethodsFromRecap(recap)
  } catch {
    return []
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
