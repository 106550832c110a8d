import type { WritableAtom } from 'nanostores'
import type { CaipAddress, CaipNetworkId } from '../caip/index.js'
import type {
  ConnectionEvent,
  ConnectionInternal,
  DisconnectErrorType,
} from '../connection/index.js'
import type { PorticoError } from '../errors/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { Logger } from '../logger/index.js'
import type { ModalInternal } from '../modal/index.js'
import type { NetworkInternal } from '../network/index.js'
import type { PorticoNetwork } from '../options/index.js'
import type { SafeStorage } from '../storage/index.js'
import type { ToastFeature } from '../toast/index.js'
import type { WalletConnectAuthRequest } from '../walletconnect/index.js'

/** The fields of a sign-in message (EIP-4361 on eip155, CAIP-122 elsewhere). */
export type SiwxMessageData = {
  /** The account that signs, as the wallet shares it. */
  accountAddress: string
  /** CAIP-2 id of the network the message is for. */
  chainId: CaipNetworkId
  /** The site asking: host and port (`app.example`, `127.0.0.1:5173`). */
  domain: string
  /** The page the sign-in is for. */
  uri: string
  version: '1'
  /** Single use, from the server (or drawn in the browser by the browser-kept implementation). */
  nonce: string
  /** ISO 8601. */
  issuedAt: string
  /** ISO 8601; the session ends then. */
  expirationTime?: string
  /** ISO 8601; the message is not valid before. */
  notBefore?: string
  requestId?: string
  /** One line the user reads in the wallet. */
  statement?: string
  resources?: readonly string[]
}

/** A sign-in message: its fields and the exact text the wallet signs. */
export type SiwxMessage = {
  data: SiwxMessageData
  toString(): string
}

/** A CACAO (CAIP-74): what a WalletConnect wallet answers to a one-click sign-in. */
export type SiwxCacao = {
  h: { t: string }
  p: Readonly<Record<string, unknown>> & { iss: string; domain: string; nonce: string }
  s: { t: string; s: string; m?: string }
}

/** A sign-in session: what was signed, by whom, and the signature (and the CACAO, one-click). */
export type SiwxSession = {
  data: SiwxMessageData
  message: string
  signature: string
  cacao?: SiwxCacao
}

/** What the hook and the views show of a session. */
export type SiwxSessionInfo = {
  address: string
  chainId: CaipNetworkId
  caipAddress: CaipAddress
  /** ISO 8601, when the message says the session ends. */
  expiresAt: string | undefined
  /** How the user signed: a message in the wallet, or within the WalletConnect approval. */
  via: 'message' | 'cacao'
}

/** What the client hands a sign-in configuration when it starts using it. */
export type SiwxContext = {
  /** JSON under the client's storage prefix; every read is validated by the caller. */
  storage: SafeStorage
  /** The toolkit backend's URL for `path`, with the project id and the SDK type and version. */
  toolkitUrl(path: string): string
  /** The app's `fetch` option, or the global one. */
  fetch: typeof fetch
  now(): number
  networks: readonly PorticoNetwork[]
  logger: Logger
  /** The page's host and URL, or the app's metadata URL when there is no page (SSR, Node). */
  domain: string | undefined
  uri: string | undefined
}

/**
 * Sign in with any chain (SIWX): how messages are made and where sessions are added, read,
 * replaced and revoked. `createServerSiwx` (a server checks and keeps sessions) and
 * `createBrowserSiwx` (kept in the browser) are ready-made; an app may write its own.
 */
export type SiwxConfig = {
  /** Makes the message for this account and network (nonce, dates, domain, URI). */
  createMessage(input: { accountAddress: string; chainId: CaipNetworkId }): Promise<SiwxMessage>
  /** Stores a signed session; throws when it is refused (a server checks the signature). */
  addSession(session: SiwxSession): Promise<void>
  /** Forgets the session of an account on a network (and signs it out where it is kept). */
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  /** Replaces every session by these (an empty list signs out of all). */
  setSessions(sessions: readonly SiwxSession[]): Promise<void>
  /** The sessions of an account on a network; expired ones may be returned, the client checks. */
  getSessions(chainId: CaipNetworkId, address: string): Promise<readonly SiwxSession[]>
  /** When true, the modal cannot be closed until the user has signed in. False by default. */
  getRequired?(): boolean
  /** Whether disconnecting revokes the sessions (`setSessions([])`). True by default. */
  signOutOnDisconnect?: boolean
  /** Called once by the client that uses this configuration (one configuration per client). */
  init?(context: SiwxContext): void
}

/** The legacy sign-in-with-Ethereum configuration: what `createMessage` is given. */
export type SiweCreateMessageArgs = {
  /** CAIP-10: `eip155:<chain id>:<address>`. */
  address: string
  chainId: number
  nonce: string
  domain: string
  uri: string
  version: '1'
  iat: string
  exp?: string
  nbf?: string
  statement?: string
  requestId?: string
  resources?: readonly string[]
}

/** The legacy sign-in-with-Ethereum session. */
export type SiweSession = { address: string; chainId: number }

/**
 * The legacy sign-in-with-Ethereum configuration (`siweConfig`). Accepted for migration: it is
 * mapped onto SIWX, and its prompt is the ConnectingSiwe view. Not combinable with `siwx`.
 */
export type SiweConfig = {
  getNonce(address?: string): Promise<string>
  createMessage(args: SiweCreateMessageArgs): string
  verifyMessage(args: { message: string; signature: string; cacao?: SiwxCacao }): Promise<boolean>
  getSession(): Promise<SiweSession | null>
  signOut(): Promise<boolean>
  /** Fields of the message: domain and URI (the page by default), statement, dates, resources. */
  getMessageParams?(): Promise<{
    domain?: string
    uri?: string
    statement?: string
    exp?: string
    nbf?: string
    resources?: readonly string[]
  }>
  onSignIn?(session?: SiweSession): void
  onSignOut?(): void
  /** False turns sign-in off. True by default. */
  enabled?: boolean
  /** True by default, as in the legacy package. */
  required?: boolean
  /** True by default. */
  signOutOnDisconnect?: boolean
}

/** What the app chooses about its messages (the rest comes from the page and the server). */
export type SiwxMessageOptions = {
  /** One line the wallet shows (no line breaks). */
  statement?: string
  /** How long the session lasts from signing; one day by default. */
  expiresInMs?: number
  resources?: readonly string[]
  /** The site's host (and port); the page's by default. */
  domain?: string
  /** The URI signed for; the page's address by default. */
  uri?: string
}

/** What a ready-made configuration decides at once; the rest waits for its code. */
export type SiwxBaseOptions = {
  /** The modal cannot be closed until the user has signed in. False by default. */
  required?: boolean
  /** Disconnecting signs out (every session is revoked). True by default. */
  signOutOnDisconnect?: boolean
}

/** A session as the sign-in server sees it (its answer to `me`). */
export type SiwxServerSession = {
  address: string
  chainId: CaipNetworkId
  caipAddress: CaipAddress
  /** ISO 8601. */
  expiresAt: string
  accountType?: 'eoa' | 'smartAccount'
  via?: 'message' | 'cacao'
  signedInAt?: string
  domain?: string
  uri?: string
  origin?: string
}

/** Options of `createServerSiwx`: nonces from the server, sessions checked by the server. */
export type ServerSiwxOptions = SiwxBaseOptions &
  SiwxMessageOptions & {
    /**
     * The base URL of the sign-in routes (`nonce`, `authenticate`, `me`, `sign-out`); by
     * default `<apiUrls.toolkit>/auth/v1`, called with the project id.
     */
    url?: string
  }

/** Options of `createBrowserSiwx`. */
export type BrowserSiwxOptions = SiwxBaseOptions &
  SiwxMessageOptions & {
    /**
     * Checks a signature, when a session is added and when it is read back from storage. By
     * default: eip155 through the network's RPC (EIP-191, and ERC-1271/ERC-6492 smart accounts),
     * Solana as an ed25519 signature of the message, Bitcoin taken as the wallet gives it (no
     * BIP-322 verifier in the browser yet), any other namespace refused.
     */
    verify?(session: SiwxSession): Promise<boolean>
  }

/** The sign-in options of `createPortico`. */
export type SiwxOptions = {
  siwx?: SiwxConfig
  siweConfig?: SiweConfig
}

/** A message made for the sign-in view: its text is shown before the wallet is asked. */
export type SiwxPreparedMessage = { text: string; data: SiwxMessageData }

/** The stores the shell makes and the heavy half writes. */
export type SiwxAtoms = {
  /** The connected account's session, once signed (or found after a reload). */
  $session: WritableAtom<SiwxSession | undefined>
  /** The same, as the UI shows it. */
  $sessionInfo: WritableAtom<SiwxSessionInfo | undefined>
  /** The message the sign-in view shows. */
  $message: WritableAtom<AsyncState<SiwxPreparedMessage>>
}

/** What the shell hands its heavy half (`lazy.ts`). */
export type SiwxShell = {
  stores: SiwxAtoms
  config: SiwxConfig | undefined
  legacy: SiweConfig | undefined
  modal: ModalInternal
  connection: ConnectionInternal
  network: NetworkInternal
  toast: ToastFeature
  /** Clears the sign-in action's state (a new account starts without the old error). */
  resetSignIn(): void
}

/** The heavy half: the session check, the connection rule and the actions. */
export type SiwxHalf = {
  /** Looks for the connected account's session; with `prompt`, none opens the sign-in view. */
  check(prompt: boolean): Promise<void>
  onConnection(event: ConnectionEvent): void
  signIn(): Promise<SiwxSession>
  cancel(): Promise<void>
  signOut(): Promise<void>
  prepare(): Promise<void>
  /** The sign-in request a WalletConnect pairing carries (eip155 only). */
  oneClickRequest(): Promise<WalletConnectAuthRequest | undefined>
  /** The wallet's CACAOs from a one-click approval, offered as sessions. */
  acceptCacaos(cacaos: readonly unknown[], format: (cacao: unknown) => string): Promise<void>
}

/**
 * Why `signIn` rejects. No configuration, or not for the account's namespace (SIWX_NOT_ENABLED);
 * nobody connected (NO_ACTIVE_CAIP_ADDRESS); the account's chain is not one of the app's
 * (NETWORK_NOT_FOUND); its wallet is gone (CONNECTION_CLIENT_NOT_SET) or cannot sign, or failed
 * (WALLET_ERROR); the user declined (USER_REJECTED); the wallet did not answer in time
 * (WALLET_TIMEOUT); the account changed, or a later sign-in or sign-out replaced this one
 * (ABORTED); the configuration's `createMessage` or `addSession` failed (for
 * `createBrowserSiwx`: API_ERROR, API_TIMEOUT, INVALID_RESPONSE; a configuration made by the
 * other client: INVALID_OPTIONS; whatever else it throws: UNKNOWN_ERROR, or its own
 * PorticoError); the code could not be fetched (MODULE_LOAD_FAILED). Through WalletConnect, the
 * relay may be out of reach (RELAY_UNAVAILABLE); the embedded (email) wallet may refuse the method
 * or the action (RPC_NOT_ALLOWED, ACTION_NOT_ALLOWED), lose its frame
 * (EMAIL_DEPENDENCY_LOAD_FAILED) or not answer (TIMEOUT).
 */
export type SiwxSignInErrorType = PorticoError<
  | 'SIWX_NOT_ENABLED'
  | 'NO_ACTIVE_CAIP_ADDRESS'
  | 'NETWORK_NOT_FOUND'
  | 'CONNECTION_CLIENT_NOT_SET'
  | 'WALLET_ERROR'
  | 'USER_REJECTED'
  | 'WALLET_TIMEOUT'
  | 'ABORTED'
  | 'API_ERROR'
  | 'API_TIMEOUT'
  | 'INVALID_RESPONSE'
  | 'INVALID_OPTIONS'
  | 'UNKNOWN_ERROR'
  | 'MODULE_LOAD_FAILED'
  | 'RELAY_UNAVAILABLE'
  | 'RPC_NOT_ALLOWED'
  | 'ACTION_NOT_ALLOWED'
  | 'EMAIL_DEPENDENCY_LOAD_FAILED'
  | 'TIMEOUT'
>
/**
 * Why `signOut` (and `cancel`, which disconnects when sign-in is required) rejects: no
 * configuration (SIWX_NOT_ENABLED); the code could not be fetched (MODULE_LOAD_FAILED) or the
 * client was destroyed while it loaded (ABORTED); the configuration's `revokeSession` failed (for
 * `createBrowserSiwx`: API_ERROR, API_TIMEOUT, INVALID_RESPONSE; INVALID_OPTIONS); with sign-in
 * required, what `disconnect` rejects with. Not wrapped: a custom configuration's own errors come
 * as they were thrown.
 */
export type SiwxSignOutErrorType = PorticoError<
  | 'SIWX_NOT_ENABLED'
  | 'MODULE_LOAD_FAILED'
  | 'ABORTED'
  | 'API_ERROR'
  | 'API_TIMEOUT'
  | 'INVALID_RESPONSE'
  | 'INVALID_OPTIONS'
  | DisconnectErrorType['code']
>
