/**
 * The secure frame protocol: what an app (the SDK's frame client) and the secure site's frame
 * say to each other with `postMessage`. This file is self-contained on purpose (no imports), so
 * the SDK can mirror it as it is: types, constants and the validators both sides run on every
 * message they receive.
 *
 * Shape of the conversation:
 * - The app loads `${secureSite}/sdk?projectId=…&chainId=…&version=4&enableLogger=…` in an
 *   iframe. The frame announces itself with `@portico-frame/READY` and then sends
 *   `@portico-frame/HEARTBEAT` every 5 s.
 * - Every app event carries an `id` chosen by the app. The frame answers each one exactly once,
 *   with `${EVENT}_SUCCESS` or `${EVENT}_ERROR` under the same `id`.
 * - Notices (READY, HEARTBEAT, APPROVAL_OPEN, APPROVAL_CLOSED) carry no `id`.
 * - Both sides post with an exact target origin and accept a message only from the window and
 *   origin they expect (`event.source` and `event.origin`).
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

// ---------------------------------------------------------------------------------------------
// Field validators

/** What an app picks as an event id: 1–64 characters of letters, digits, `-` and `_`. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
export const isMessageId = (value: unknown): value is string =>
  typeof value === 'string' && ID_PATTERN.test(value)

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/
const TOP_LEVEL_DOMAIN = /^[A-Za-z]{2,63}$/

/**
 * The email format both sides accept: `local@domain`, at most 254 characters; the local part is
 * 1–64 characters of letters, digits and ``!#$%&'*+/=?^_`{|}~-``, with single dots between (not
 * first or last); the domain is two or more dot-separated labels of letters, digits and inner
 * hyphens (1–63 characters each), the last one 2–63 letters. No quoted local parts, IP
 * literals, spaces or non-ASCII characters.
 */
export function isValidEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 254) return false
  const at = value.lastIndexOf('@')
  if (at < 1 || at !== value.indexOf('@')) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  if (local.length > 64 || !LOCAL_PART.test(local)) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false
  return TOP_LEVEL_DOMAIN.test(labels[labels.length - 1] as string)
}

/** The same address whatever the case it was typed in: the frame and server key users by this. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export const isOtp = (value: unknown): value is string =>
  typeof value === 'string' && value.length === EMAIL_LOGIN_RULES.otpLength && /^\d+$/.test(value)

/** A chain id as a number: a positive safe integer, or `eip155:<decimal>`; else undefined. */
export function parseChainId(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value > 0 ? value : undefined
  }
  if (typeof value !== 'string') return undefined
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(value)
  if (!match) return undefined
  const id = Number(match[1])
  return Number.isSafeInteger(id) ? id : undefined
}

export const isAddress = (value: unknown): value is `0x${string}` =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)

const RPC_METHOD_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,99}$/
const THEME_VARIABLE_NAME = /^--portico-[a-z0-9-]{1,40}$/
/** Theme values go into `style.setProperty`: no characters that could end a declaration. */
const THEME_VARIABLE_VALUE = /^[^;{}<>\\\r\n]{0,200}$/

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)

const isShortString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max

function isHttpUrl(value: unknown, max = 2048): value is string {
  if (!isShortString(value, max)) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

type FieldRule = { optional?: boolean; check(value: unknown): boolean; says: string }

const required = (check: (value: unknown) => boolean, says: string): FieldRule => ({ check, says })
const optional = (check: (value: unknown) => boolean, says: string): FieldRule => ({
  check,
  says,
  optional: true,
})

const chainIdRule = (value: unknown) => parseChainId(value) !== undefined
const oneOf =
  <T extends string>(list: readonly T[]) =>
  (value: unknown) =>
    typeof value === 'string' && (list as readonly string[]).includes(value)

function isThemeVariables(value: unknown): boolean {
  if (!isPlainObject(value)) return false
  const entries = Object.entries(value)
  if (entries.length > 50) return false
  return entries.every(
    ([name, v]) =>
      THEME_VARIABLE_NAME.test(name) &&
      ((typeof v === 'number' && Number.isFinite(v)) ||
        (typeof v === 'string' && THEME_VARIABLE_VALUE.test(v))),
  )
}

function isDappMetadata(value: unknown): boolean {
  if (!isPlainObject(value)) return false
  return (
    checkFields(value, {
      name: required((v) => isShortString(v, 100), 'a string of at most 100 characters'),
      description: optional((v) => isShortString(v, 500), 'a string of at most 500 characters'),
      url: required((v) => isHttpUrl(v), 'an http(s) URL'),
      icons: optional(
        (v) => Array.isArray(v) && v.length <= 10 && v.every((icon) => isHttpUrl(icon)),
        'at most 10 http(s) URLs',
      ),
    }) === undefined
  )
}

/**
 * RPC params: an array (positional) or an object (named), at most 100 000 characters as JSON.
 * Values pass through to the chain or the approval UI, which shows them as text.
 */
function isRpcParams(value: unknown): boolean {
  if (!Array.isArray(value) && !isPlainObject(value)) return false
  try {
    return JSON.stringify(value).length <= 100_000
  } catch {
    return false
  }
}

const EMPTY = {} as const

/** Each app event's payload fields. Unknown fields are refused, so mistakes surface early. */
const PAYLOAD_RULES: { [E in AppEventName]: Record<string, FieldRule> } = {
  SWITCH_NETWORK: { chainId: required(chainIdRule, 'a chain id') },
  CONNECT_EMAIL: { email: required(isValidEmail, 'a valid email') },
  CONNECT_DEVICE: EMPTY,
  CONNECT_OTP: { otp: required(isOtp, 'a 6-digit code') },
  GET_SOCIAL_REDIRECT_URI: {
    provider: required(oneOf(SOCIAL_PROVIDERS), `one of ${SOCIAL_PROVIDERS.join(', ')}`),
  },
  CONNECT_SOCIAL: { uri: required((v) => isHttpUrl(v), 'an http(s) URL') },
  GET_FARCASTER_URI: EMPTY,
  CONNECT_FARCASTER: EMPTY,
  GET_USER: { chainId: optional(chainIdRule, 'a chain id') },
  SIGN_OUT: EMPTY,
  IS_CONNECTED: EMPTY,
  GET_CHAIN_ID: EMPTY,
  RPC_REQUEST: {
    method: required((v) => typeof v === 'string' && RPC_METHOD_PATTERN.test(v), 'a method name'),
    params: optional(isRpcParams, 'an array or an object'),
    chainId: optional(chainIdRule, 'a chain id'),
  },
  UPDATE_EMAIL: { email: required(isValidEmail, 'a valid email') },
  UPDATE_EMAIL_PRIMARY_OTP: { otp: required(isOtp, 'a 6-digit code') },
  UPDATE_EMAIL_SECONDARY_OTP: { otp: required(isOtp, 'a 6-digit code') },
  SYNC_THEME: {
    themeMode: required(oneOf(THEME_MODES), 'light or dark'),
    themeVariables: optional(isThemeVariables, '--portico-* names with plain CSS values'),
  },
  SYNC_DAPP_DATA: {
    metadata: optional(isDappMetadata, 'name, url, and optionally description and icons'),
    projectId: optional((v) => isShortString(v, 200), 'a string'),
    sdkType: optional((v) => isShortString(v, 100), 'a string'),
    sdkVersion: optional((v) => isShortString(v, 100), 'a string'),
  },
  INIT_SMART_ACCOUNT: EMPTY,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: EMPTY,
  SET_PREFERRED_ACCOUNT: { type: required(oneOf(ACCOUNT_TYPES), 'eoa or smartAccount') },
  RELOAD: EMPTY,
}

/** undefined when `value` has exactly the fields `rules` allows, each valid; else why not. */
function checkFields(
  value: Record<string, unknown>,
  rules: Record<string, FieldRule>,
): string | undefined {
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(rules, key)) return `unknown field ${key}`
  }
  for (const [key, rule] of Object.entries(rules)) {
    const present = Object.hasOwn(value, key) && value[key] !== undefined
    if (!present) {
      if (rule.optional) continue
      return `${key} is required`
    }
    if (!rule.check(value[key])) return `${key} must be ${rule.says}`
  }
  return undefined
}

const isAppEventName = (value: string): value is AppEventName =>
  (APP_EVENTS as readonly string[]).includes(value)

// ---------------------------------------------------------------------------------------------
// Message validators

export type ParsedAppMessage =
  | { ok: true; event: AppEventName; message: AppMessage }
  /** The envelope is this protocol's (an id and a known event): answer `${event}_ERROR`. */
  | { ok: false; event: AppEventName; id: string; reason: string }
  /** Not this protocol's message, or no way to answer it: ignore. */
  | { ok: false; event?: undefined; id?: undefined; reason: string }

/**
 * What the frame runs on `event.data` (after checking `event.source` and `event.origin`).
 * Never throws.
 */
export function parseAppMessage(data: unknown): ParsedAppMessage {
  if (!isPlainObject(data)) return { ok: false, reason: 'not an object' }
  if (data.channel !== PROTOCOL_CHANNEL) return { ok: false, reason: 'not this channel' }
  const { id, type, payload } = data
  if (!isMessageId(id)) return { ok: false, reason: 'id must be 1-64 of [A-Za-z0-9_-]' }
  if (typeof type !== 'string' || !type.startsWith(APP_EVENT_PREFIX)) {
    return { ok: false, reason: 'type is not an app event' }
  }
  const event = type.slice(APP_EVENT_PREFIX.length)
  if (!isAppEventName(event)) return { ok: false, reason: `unknown event ${event}` }
  for (const key of Object.keys(data)) {
    if (!['channel', 'id', 'type', 'payload'].includes(key)) {
      return { ok: false, event, id, reason: `unknown envelope field ${key}` }
    }
  }
  const body = payload === undefined ? {} : payload
  if (!isPlainObject(body)) return { ok: false, event, id, reason: 'payload must be an object' }
  const problem = checkFields(body, PAYLOAD_RULES[event])
  if (problem) return { ok: false, event, id, reason: problem }
  return {
    ok: true,
    event,
    message: { channel: PROTOCOL_CHANNEL, id, type: type as AppMessage['type'], payload: body },
  } as ParsedAppMessage
}

const isFramedUser = (value: unknown): value is FramedUser => {
  if (!isPlainObject(value)) return false
  return (
    checkFields(value, {
      email: required((v) => typeof v === 'string', 'a string'),
      username: optional((v) => typeof v === 'string', 'a string'),
      address: required(isAddress, 'an address'),
      chainId: required((v) => parseChainId(v) !== undefined && typeof v === 'number', 'a number'),
      accounts: required(
        (v) =>
          Array.isArray(v) &&
          v.every(
            (a) =>
              isPlainObject(a) &&
              isAddress(a.address) &&
              oneOf(ACCOUNT_TYPES)(a.type) &&
              Object.keys(a).length === 2,
          ),
        'a list of { address, type }',
      ),
      preferredAccountType: required(oneOf(ACCOUNT_TYPES), 'eoa or smartAccount'),
      smartAccountDeployed: required((v) => typeof v === 'boolean', 'a boolean'),
    }) === undefined
  )
}

const positiveInteger = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0

/** Each `_SUCCESS` payload's fields, for the app's check. */
const SUCCESS_RULES: { [E in AppEventName]: Record<string, FieldRule> } = {
  SWITCH_NETWORK: { chainId: required(positiveInteger, 'a chain id') },
  CONNECT_EMAIL: {
    action: required(oneOf(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']), 'an email action'),
  },
  CONNECT_DEVICE: { action: required(oneOf(['VERIFY_OTP']), 'VERIFY_OTP') },
  CONNECT_OTP: { user: required(isFramedUser, 'a user') },
  GET_SOCIAL_REDIRECT_URI: { uri: required((v) => isHttpUrl(v), 'an http(s) URL') },
  CONNECT_SOCIAL: { user: required(isFramedUser, 'a user') },
  GET_FARCASTER_URI: { url: required((v) => isHttpUrl(v), 'an http(s) URL') },
  CONNECT_FARCASTER: { user: required(isFramedUser, 'a user') },
  GET_USER: { user: required(isFramedUser, 'a user') },
  SIGN_OUT: EMPTY,
  IS_CONNECTED: { isConnected: required((v) => typeof v === 'boolean', 'a boolean') },
  GET_CHAIN_ID: { chainId: required(positiveInteger, 'a chain id') },
  // `result` is whatever the method returns (null included), so only its presence is checked.
  RPC_REQUEST: { result: { check: () => true, says: 'anything' } },
  UPDATE_EMAIL: { action: required(oneOf(['VERIFY_PRIMARY_OTP']), 'VERIFY_PRIMARY_OTP') },
  UPDATE_EMAIL_PRIMARY_OTP: {
    action: required(oneOf(['VERIFY_SECONDARY_OTP']), 'VERIFY_SECONDARY_OTP'),
  },
  UPDATE_EMAIL_SECONDARY_OTP: { email: required(isValidEmail, 'an email') },
  SYNC_THEME: EMPTY,
  SYNC_DAPP_DATA: EMPTY,
  INIT_SMART_ACCOUNT: {
    address: required(isAddress, 'an address'),
    isDeployed: required((v) => typeof v === 'boolean', 'a boolean'),
  },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    smartAccountEnabledNetworks: required(
      (v) => Array.isArray(v) && v.every(positiveInteger),
      'a list of chain ids',
    ),
  },
  SET_PREFERRED_ACCOUNT: {
    type: required(oneOf(ACCOUNT_TYPES), 'eoa or smartAccount'),
    address: required(isAddress, 'an address'),
  },
  RELOAD: EMPTY,
}

const NOTICE_RULES: { [N in NoticeName]: Record<string, FieldRule> } = {
  READY: {
    version: required(positiveInteger, 'a version'),
    chainId: required(positiveInteger, 'a chain id'),
  },
  HEARTBEAT: {
    sequence: required((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0, 'n'),
  },
  APPROVAL_OPEN: {
    requestId: required(isMessageId, 'an event id'),
    method: required((v) => typeof v === 'string' && RPC_METHOD_PATTERN.test(v), 'a method'),
  },
  APPROVAL_CLOSED: {
    requestId: required(isMessageId, 'an event id'),
    approved: required((v) => typeof v === 'boolean', 'a boolean'),
  },
}

const ERROR_RULES: Record<string, FieldRule> = {
  message: required((v) => isShortString(v, 2000), 'a string'),
  code: optional((v) => typeof v === 'number' && Number.isSafeInteger(v), 'an integer'),
  data: { optional: true, check: () => true, says: 'anything' },
}

export type ParsedFrameMessage =
  | { kind: 'success'; event: AppEventName; id: string; message: FrameSuccess }
  | { kind: 'error'; event: AppEventName; id: string; message: FrameError }
  | { kind: 'notice'; notice: NoticeName; message: FrameNotice }

/**
 * What the app runs on `event.data` (after checking that `event.source` is the frame's window
 * and `event.origin` the secure site's). Undefined for anything that is not a well-formed
 * frame message. Never throws.
 */
export function parseFrameMessage(data: unknown): ParsedFrameMessage | undefined {
  if (!isPlainObject(data) || data.channel !== PROTOCOL_CHANNEL) return undefined
  const { type, payload } = data
  if (typeof type !== 'string' || !type.startsWith(FRAME_EVENT_PREFIX)) return undefined
  if (!isPlainObject(payload)) return undefined
  const name = type.slice(FRAME_EVENT_PREFIX.length)

  if ((NOTICES as readonly string[]).includes(name)) {
    const notice = name as NoticeName
    if (Object.keys(data).some((key) => !['channel', 'type', 'payload'].includes(key))) {
      return undefined
    }
    if (checkFields(payload, NOTICE_RULES[notice]) !== undefined) return undefined
    return { kind: 'notice', notice, message: data as FrameNotice }
  }

  if (!isMessageId(data.id)) return undefined
  if (Object.keys(data).some((key) => !['channel', 'id', 'type', 'payload'].includes(key))) {
    return undefined
  }
  const match = /^([A-Z_]+)_(SUCCESS|ERROR)$/.exec(name)
  if (!match) return undefined
  const event = match[1] as string
  if (!isAppEventName(event)) return undefined
  if (match[2] === 'ERROR') {
    if (checkFields(payload, ERROR_RULES) !== undefined) return undefined
    return { kind: 'error', event, id: data.id, message: data as FrameError }
  }
  if (event === 'RPC_REQUEST' && !Object.hasOwn(payload, 'result')) return undefined
  if (checkFields(payload, SUCCESS_RULES[event]) !== undefined) return undefined
  return { kind: 'success', event, id: data.id, message: data as FrameSuccess }
}
