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

/**
 * The methods that sign or move value, the spec's unsafe class: a call of one waits for the user
 * like the modal's own requests (closing the modal rejects it). The same list as the secure
 * frame's (`UNSAFE_RPC_METHODS`, which a test compares), kept here so the wallet's half does not
 * share the frame protocol's module with the auth half (a file more to fetch).
 */
export const UNSAFE_METHODS = [
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
