import { BITCOIN_DEVNET_CAIP_NETWORK_ID } from '../../chains/bitcoin/network.js'
import { SOLANA_CAIP_NETWORK_ID } from '../../chains/solana/constants.js'

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
 * Chains outside eip155 that sign-in accepts: the devnet's own Solana chain and its regtest
 * Bitcoin chain, the chains the Devnet Solana Wallet and the Devnet Bitcoin Wallet sign on.
 * Their signatures are checked for real (Ed25519, BIP-322); nothing on those chains is read.
 */
export const SIWX_NON_EVM_CHAINS = [SOLANA_CAIP_NETWORK_ID, BITCOIN_DEVNET_CAIP_NETWORK_ID] as const
