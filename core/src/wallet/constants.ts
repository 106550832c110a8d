/**
 * How long the app's request may wait on a browser wallet (a signature, a transaction). Ours, the
 * same two minutes as a connection: the time is a person's (reading the prompt, unlocking the
 * wallet), and the deadline exists to catch a wallet that never answers.
 */
export const WALLET_REQUEST_TIMEOUT_MS = 120_000

/**
 * How long the app's request may wait on a phone over WalletConnect: the relay's own expiry of a
 * session request (five minutes), after which the phone can no longer answer it.
 */
export const WALLET_CONNECT_REQUEST_TIMEOUT_MS = 300_000

/** How long a sent transaction is waited for until it is mined (as a transfer's). */
export const RECEIPT_TIMEOUT_MS = 120_000
