/**
 * The secure frame protocol's vocabulary: its constants, the RPC method classes, the shapes of
 * every event, answer and notice, and the builders of each message. `protocol.ts` is the module
 * to import; the validators of what arrives are in `frameChecks.ts`.
 */

// ---------------------------------------------------------------------------------------------
// Constants

/** The `version` query parameter the frame page accepts. */
export const SECURE_SDK_VERSION = 4
/** The frame page's path on the secure site. */
export const SECURE_FRAME_PATH = '/sdk'
/** Every message of this protocol carries this `channel`: other postMessage traffic is ignored. */
export const PROTOCOL_CHANNEL = 'portico-secure'
export const APP_EVENT_PREFIX = '@portico-app/'
export const FRAME_EVENT_PREFIX = '@portico-frame/'

/** Timings both sides follow (milliseconds). */
export const FRAME_TIMINGS = {
  /** The app gives up on a frame that has not sent READY within this time (load failed). */
  iframeLoadTimeoutMs: 20_000,
  /** The app's timeout for CONNECT_EMAIL, CONNECT_DEVICE, CONNECT_OTP and the social events. */
  requestTimeoutMs: 30_000,
  /** The app waits at most this long for SIGN_OUT's answer, then signs out locally anyway. */
  signOutWaitMs: 3_000,
  /**
   * The frame repeats READY at this interval until the first valid app event arrives: the app may
   * attach its listener after the frame's first READY was posted.
   */
  frameReadyIntervalMs: 500,
  /** The frame posts HEARTBEAT at this interval once it is ready. */
  heartbeatIntervalMs: 5_000,
  /**
   * How long the frame waits for the device approval link to be opened before answering
   * CONNECT_DEVICE with 'Device not approved yet' (kept under the app's request timeout, so the
   * app can ask again).
   */
  deviceWaitMs: 25_000,
} as const

/** One-time codes and device links (enforced by the secure site's server). */
export const EMAIL_LOGIN_RULES = {
  /** A new login mail (device link or code) for one address at most this often. */
  cooldownMs: 30_000,
  otpLength: 6,
  /** A code is valid this long after it was sent. */
  otpTtlMs: 5 * 60_000,
  /** Wrong codes accepted before the code is void (a new login has to be started). */
  otpMaxTries: 3,
  /** A device approval link is valid this long. */
  deviceLinkTtlMs: 10 * 60_000,
} as const

/** Error messages the frame answers with, word for word. */
export const FRAME_ERRORS = {
  default: 'An error occurred',
  rpcNotAllowed: 'Requested RPC call is not allowed',
  actionNotAllowed: 'Action not allowed',
  userRejected: 'User rejected the request.',
  invalidEmail: 'Invalid email',
  invalidPayload: 'Invalid payload',
  notSignedIn: 'Not signed in',
  noLoginInProgress: 'No email login in progress',
  noUpdateInProgress: 'No email update in progress',
  deviceNotApproved: 'Device not approved yet',
  invalidCode: 'Invalid code',
  codeExpired: 'Code expired',
  tooManyAttempts: 'Too many attempts: request a new code',
  emailInUse: 'Email already in use',
  sameEmail: 'This is already your email',
  unsupportedChain: 'Unsupported chain',
  smartAccountsUnavailable: 'Smart accounts are not enabled on this network',
  socialUnavailable: 'Social login is not available on this secure site',
  reloading: 'The frame is reloading',
  signedOut: 'Signed out',
} as const

/** 'Please try again after N seconds', N the remaining wait in seconds rounded up. */
export function cooldownMessage(remainingMs: number): string {
  return `Please try again after ${Math.max(1, Math.ceil(remainingMs / 1000))} seconds`
}

/** EIP-1193 codes the frame puts on RPC_REQUEST errors. */
export const RPC_ERROR_CODES = {
  userRejected: 4001,
  /** 'Action not allowed': a known method the signed-in user cannot do here. */
  unauthorized: 4100,
  /** 'Requested RPC call is not allowed': not a method the frame serves. */
  unsupportedMethod: 4200,
  invalidParams: -32602,
} as const

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

export const ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

export const THEME_MODES = ['light', 'dark'] as const
export type ThemeMode = (typeof THEME_MODES)[number]

// ---------------------------------------------------------------------------------------------
// RPC method classes

/**
 * Read-only methods: the frame answers them through the chain (or, for the account ones, from
 * the signed-in user) without asking anyone.
 */
export const SAFE_RPC_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'net_version',
  'net_listening',
  'web3_clientVersion',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_syncing',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
] as const

/** Methods that sign or move value: each one waits for Approve or Reject in the frame. */
export const UNSAFE_RPC_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const

export type RpcMethodClass = 'safe' | 'unsafe' | 'refused'

/** Which class a method is in; 'refused' methods get 'Requested RPC call is not allowed'. */
export function rpcMethodClass(method: string): RpcMethodClass {
  if ((SAFE_RPC_METHODS as readonly string[]).includes(method)) return 'safe'
  if ((UNSAFE_RPC_METHODS as readonly string[]).includes(method)) return 'unsafe'
  return 'refused'
}

// ---------------------------------------------------------------------------------------------
// Shared shapes

/** The signed-in user, as the frame reports it. */
export type FramedUser = {
  email: string
  /** Set for social logins (the provider's user name); absent for email users. */
  username?: string
  address: `0x${string}`
  chainId: number
  accounts: { address: `0x${string}`; type: AccountType }[]
  preferredAccountType: AccountType
  smartAccountDeployed: boolean
}

export type DappMetadata = {
  name: string
  description?: string
  url: string
  icons?: string[]
}

/** A chain id as the app may send it: a positive integer or a CAIP-2 `eip155:<n>` string. */
export type ChainIdInput = number | `eip155:${number}`

// ---------------------------------------------------------------------------------------------
// Events: what the app sends, what the frame answers

/** Payload of each app event. */
export type AppPayloads = {
  SWITCH_NETWORK: { chainId: ChainIdInput }
  CONNECT_EMAIL: { email: string }
  CONNECT_DEVICE: Record<string, never>
  CONNECT_OTP: { otp: string }
  GET_SOCIAL_REDIRECT_URI: { provider: SocialProvider }
  CONNECT_SOCIAL: { uri: string }
  GET_FARCASTER_URI: Record<string, never>
  CONNECT_FARCASTER: Record<string, never>
  GET_USER: { chainId?: ChainIdInput }
  SIGN_OUT: Record<string, never>
  IS_CONNECTED: Record<string, never>
  GET_CHAIN_ID: Record<string, never>
  RPC_REQUEST: { method: string; params?: unknown; chainId?: ChainIdInput }
  UPDATE_EMAIL: { email: string }
  UPDATE_EMAIL_PRIMARY_OTP: { otp: string }
  UPDATE_EMAIL_SECONDARY_OTP: { otp: string }
  SYNC_THEME: { themeMode: ThemeMode; themeVariables?: Record<string, string | number> }
  SYNC_DAPP_DATA: {
    metadata?: DappMetadata
    projectId?: string
    sdkType?: string
    sdkVersion?: string
  }
  INIT_SMART_ACCOUNT: Record<string, never>
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: Record<string, never>
  SET_PREFERRED_ACCOUNT: { type: AccountType }
  RELOAD: Record<string, never>
}

/** Payload of each event's `_SUCCESS` answer. */
export type SuccessPayloads = {
  SWITCH_NETWORK: { chainId: number }
  CONNECT_EMAIL: { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' }
  CONNECT_DEVICE: { action: 'VERIFY_OTP' }
  CONNECT_OTP: { user: FramedUser }
  GET_SOCIAL_REDIRECT_URI: { uri: string }
  CONNECT_SOCIAL: { user: FramedUser }
  GET_FARCASTER_URI: { url: string }
  CONNECT_FARCASTER: { user: FramedUser }
  GET_USER: { user: FramedUser }
  SIGN_OUT: Record<string, never>
  IS_CONNECTED: { isConnected: boolean }
  GET_CHAIN_ID: { chainId: number }
  RPC_REQUEST: { result: unknown }
  UPDATE_EMAIL: { action: 'VERIFY_PRIMARY_OTP' }
  UPDATE_EMAIL_PRIMARY_OTP: { action: 'VERIFY_SECONDARY_OTP' }
  UPDATE_EMAIL_SECONDARY_OTP: { email: string }
  SYNC_THEME: Record<string, never>
  SYNC_DAPP_DATA: Record<string, never>
  INIT_SMART_ACCOUNT: { address: `0x${string}`; isDeployed: boolean }
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { smartAccountEnabledNetworks: number[] }
  SET_PREFERRED_ACCOUNT: { type: AccountType; address: `0x${string}` }
  RELOAD: Record<string, never>
}

export type AppEventName = keyof AppPayloads

export const APP_EVENTS = [
  'SWITCH_NETWORK',
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'GET_SOCIAL_REDIRECT_URI',
  'CONNECT_SOCIAL',
  'GET_FARCASTER_URI',
  'CONNECT_FARCASTER',
  'GET_USER',
  'SIGN_OUT',
  'IS_CONNECTED',
  'GET_CHAIN_ID',
  'RPC_REQUEST',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'INIT_SMART_ACCOUNT',
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  'SET_PREFERRED_ACCOUNT',
  'RELOAD',
] as const satisfies readonly AppEventName[]

/** An error answer's payload. `code` is set on RPC_REQUEST errors (EIP-1193 codes). */
export type FrameErrorPayload = { message: string; code?: number; data?: unknown }

/** Notices the frame sends on its own (no `id`). */
export type NoticePayloads = {
  /** The frame loaded, read its storage and listens. Repeated every 500 ms until the first event. */
  READY: { version: number; chainId: number }
  /** Every 5 s while the frame is alive. */
  HEARTBEAT: { sequence: number }
  /**
   * An unsafe RPC_REQUEST is shown in the frame's approval UI: the app should make the frame
   * visible (over its modal body) until APPROVAL_CLOSED or the request's answer.
   */
  APPROVAL_OPEN: { requestId: string; method: string }
  APPROVAL_CLOSED: { requestId: string; approved: boolean }
}
export type NoticeName = keyof NoticePayloads
export const NOTICES = [
  'READY',
  'HEARTBEAT',
  'APPROVAL_OPEN',
  'APPROVAL_CLOSED',
] as const satisfies readonly NoticeName[]

export type AppMessage<E extends AppEventName = AppEventName> = {
  [K in E]: {
    channel: typeof PROTOCOL_CHANNEL
    id: string
    type: `${typeof APP_EVENT_PREFIX}${K}`
    payload: AppPayloads[K]
  }
}[E]

export type FrameSuccess<E extends AppEventName = AppEventName> = {
  [K in E]: {
    channel: typeof PROTOCOL_CHANNEL
    id: string
    type: `${typeof FRAME_EVENT_PREFIX}${K}_SUCCESS`
    payload: SuccessPayloads[K]
  }
}[E]

export type FrameError<E extends AppEventName = AppEventName> = {
  [K in E]: {
    channel: typeof PROTOCOL_CHANNEL
    id: string
    type: `${typeof FRAME_EVENT_PREFIX}${K}_ERROR`
    payload: FrameErrorPayload
  }
}[E]

export type FrameNotice<N extends NoticeName = NoticeName> = {
  [K in N]: {
    channel: typeof PROTOCOL_CHANNEL
    type: `${typeof FRAME_EVENT_PREFIX}${K}`
    payload: NoticePayloads[K]
  }
}[N]

export type FrameMessage = FrameSuccess | FrameError | FrameNotice

// ---------------------------------------------------------------------------------------------
// Builders

export function appMessage<E extends AppEventName>(
  event: E,
  id: string,
  payload: AppPayloads[E],
): AppMessage<E> {
  return { channel: PROTOCOL_CHANNEL, id, type: `${APP_EVENT_PREFIX}${event}`, payload } as never
}

export function frameSuccess<E extends AppEventName>(
  event: E,
  id: string,
  payload: SuccessPayloads[E],
): FrameSuccess<E> {
  return {
    channel: PROTOCOL_CHANNEL,
    id,
    type: `${FRAME_EVENT_PREFIX}${event}_SUCCESS`,
    payload,
  } as never
}

export function frameError<E extends AppEventName>(
  event: E,
  id: string,
  error: FrameErrorPayload,
): FrameError<E> {
  return {
    channel: PROTOCOL_CHANNEL,
    id,
    type: `${FRAME_EVENT_PREFIX}${event}_ERROR`,
    payload: error,
  } as never
}

export function frameNotice<N extends NoticeName>(
  notice: N,
  payload: NoticePayloads[N],
): FrameNotice<N> {
  return { channel: PROTOCOL_CHANNEL, type: `${FRAME_EVENT_PREFIX}${notice}`, payload } as never
}
