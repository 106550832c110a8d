import type { Message } from '../messages/index.js'

/**
 * How long the wallet may take to answer a sign-in request. Ours (the spec gives none). Signing
 * is a prompt read by a person, like connecting: the same two minutes as a connection request.
 * It exists to catch a wallet that never answers; the view keeps its Sign button for a retry.
 */
export const SIGN_MESSAGE_TIMEOUT_MS = 120_000

/**
 * How long a sign-in message is valid, and so how long the session it opens lasts, unless the
 * app says otherwise. Ours: one day, the devnet server's own session cap.
 */
export const DEFAULT_SESSION_DURATION_MS = 24 * 60 * 60_000

/**
 * How long a message prepared when the sign-in view opened may still be signed. Ours: servers
 * give their nonces a few minutes (the devnet ten); past five a new message is made at Sign.
 */
export const PREPARED_MESSAGE_MAX_AGE_MS = 5 * 60_000

/** How long a call to the sign-in server may take. The same 30 s as every API call. */
export const SIWX_SERVER_TIMEOUT_MS = 30_000

/** Storage keys (under the client's prefix): sessions kept in the browser, and server tokens. */
export const SIWX_SESSIONS_KEY = 'siwx_sessions'
export const SIWX_TOKENS_KEY = 'siwx_tokens'
export const SIWX_STORAGE_KEYS = [SIWX_SESSIONS_KEY, SIWX_TOKENS_KEY] as const

/** The routes of a sign-in server, under its base URL (`<toolkit>/auth/v1` by default). */
export const SIWX_SERVER_ROUTES = {
  nonce: 'nonce',
  authenticate: 'authenticate',
  me: 'me',
  signOut: 'sign-out',
} as const

/** The only namespace whose wallets can sign in within the WalletConnect approval. */
export const ONE_CLICK_NAMESPACE = 'eip155'

/** What core asks the UI to say. */
export const SIWX_MESSAGES = {
  /** The wallet refused to sign: the catalogue's 'Signature declined'. */
  declined: { key: 'siwx.declined' },
  /** The sign-in code could not be downloaded (offline, a deploy in between). */
  loadFailed: { key: 'siwx.loadFailed' },
} as const satisfies Record<string, Message>

/** The server refused the sign-in; `reason` is its own words (shown as text). */
export function refusedMessage(reason: string): Message {
  return { key: 'siwx.refused', params: { reason } }
}
