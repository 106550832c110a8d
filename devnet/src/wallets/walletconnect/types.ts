import type { SignClient } from '@walletconnect/sign-client'
import type { AuthTypes, SignClientTypes } from '@walletconnect/types'
import type { Address } from 'viem'
import type { WalletConnectWalletChain } from './methods.js'
import type { WalletConnectStorage } from './storage.js'

// What the Devnet WalletConnect wallet offers: its options, the proposals, sign-in requests,
// requests and sessions it shows, and the wallet itself.

export type SignClientInstance = Awaited<ReturnType<typeof SignClient.init>>

export type Decision = 'approve' | 'reject'

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
