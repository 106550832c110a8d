/** How long a nonce from `GET /auth/v1/nonce` can be used: long enough to read and sign. */
export const NONCE_TTL_MS = 10 * 60_000
/** Random bytes in a nonce (hex-encoded: 32 letters and digits, as EIP-4361 wants them). */
export const NONCE_BYTES = 16
/**
 * Nonces kept at most; past this the oldest are forgotten (a flood of nonce requests cannot
 * grow the server without bound; a forgotten nonce is refused as unknown).
 */
export const MAX_OUTSTANDING_NONCES = 10_000

/** How far in the future `Issued At` may be (the browser's clock may run a little ahead). */
export const ISSUED_AT_MAX_SKEW_MS = 60_000

/** A session lasts this long, or until the message's `Expiration Time` if that comes first. */
export const SESSION_TTL_MS = 24 * 60 * 60_000

/** The `iss` of session tokens. */
export const TOKEN_ISSUER = 'portico-devnet'

/** Longest message and signature accepted (an ERC-6492 signature carries factory calldata). */
export const MAX_MESSAGE_LENGTH = 16_384
export const MAX_SIGNATURE_LENGTH = 65_536

/**
 * Chains outside eip155 that sign-in accepts. The devnet runs no Solana or Bitcoin node, so their
 * test networks stand in: the message format and the signature checks are the real ones, and
 * nothing on those chains is read.
 */
export const SIWX_NON_EVM_CHAINS = [
  // Solana devnet (genesis hash prefix).
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  // Bitcoin testnet3 (genesis block hash prefix).
  'bip122:000000000933ea01ad0ee984209779ba',
] as const
