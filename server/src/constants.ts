/** How long a nonce from `GET /auth/v1/nonce` can be used: long enough to read and sign. */
export const NONCE_TTL_MS = 10 * 60_000
/**
 * How long a nonce is remembered after it stops being accepted, so a late replay is named
 * ("nonce expired", "nonce already used") instead of "unknown nonce".
 */
export const NONCE_MEMORY_MS = 10 * 60_000
/** Random bytes in a nonce (hex-encoded: 32 letters and digits, as EIP-4361 wants them). */
export const NONCE_BYTES = 16
/**
 * Nonces the memory store keeps at most; past this the oldest are forgotten (a flood of nonce
 * requests cannot grow the server without bound; a forgotten nonce is refused as unknown).
 */
export const MAX_OUTSTANDING_NONCES = 10_000

/** How far in the future `Issued At` may be (the browser's clock may run a little ahead). */
export const ISSUED_AT_MAX_SKEW_MS = 60_000

/** A session lasts this long by default, or until the message's `Expiration Time` if sooner. */
export const SESSION_TTL_MS = 24 * 60 * 60_000

/** The `iss` of session tokens unless the app names its own. */
export const TOKEN_ISSUER = 'portico-server'

/** Shortest secret accepted for signing session tokens (HS256 wants at least 256 bits). */
export const MIN_SECRET_BYTES = 32

/** Longest message and signature accepted (an ERC-6492 signature carries factory calldata). */
export const MAX_MESSAGE_LENGTH = 16_384
export const MAX_SIGNATURE_LENGTH = 65_536
/** Longest request body read (a CACAO plus its message and signature fit well under this). */
export const MAX_BODY_BYTES = 256 * 1024

/** How long one store call may take before the request is answered 503. */
export const STORE_TIMEOUT_MS = 2_000

/** The routes' prefix, the one the browser side (`createServerSiwx`) calls by default. */
export const BASE_PATH = '/auth/v1'

/** The session cookie's name unless the app names its own. */
export const COOKIE_NAME = 'portico_session'

/** CAIP-2 ids of the Bitcoin chains whose address forms are known (for the address check). */
export const BITCOIN_MAINNET = 'bip122:000000000019d6689c085ae165831e93'
export const BITCOIN_TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
export const BITCOIN_REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
