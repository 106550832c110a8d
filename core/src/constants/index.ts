/**
 * Every business number of the specification (§9) in one place, named.
 * Times are in milliseconds unless the name says otherwise.
 */

const SECOND = 1000

// Time units
export const MINUTE_IN_SECONDS = 60
export const DAY_IN_SECONDS = 86_400
export const YEAR_IN_DAYS = 365

// Cooldowns and caches
export const EMAIL_LOGIN_COOLDOWN_MS = 30 * SECOND
export const BALANCE_RETRY_BLOCK_MS = 30 * SECOND
export const BALANCE_CACHE_MS = 30 * SECOND
export const NATIVE_BALANCE_CACHE_MS = 30 * SECOND
export const NAME_CACHE_MS = 5 * MINUTE_IN_SECONDS * SECOND
export const IDENTITY_CACHE_MS = 5 * MINUTE_IN_SECONDS * SECOND
export const RECENT_WALLETS_MAX = 2

// Timings
export const TOAST_SWAP_DELAY_MS = 150
/** How long a toast stays up when it closes itself. The spec gives no number; this is ours. */
export const TOAST_AUTO_CLOSE_MS = 2_500
export const IFRAME_LOAD_TIMEOUT_MS = 20_000
export const AUTH_REQUEST_TIMEOUT_MS = 30_000
export const SIGN_OUT_WAIT_MS = 3_000
export const FRAME_READY_DELAY_MS = 500
export const HEARTBEAT_INTERVAL_MS = 5 * SECOND
export const FARCASTER_RELOAD_DELAY_MS = 100
/** Timeout for calls to the hosted APIs. The spec gives none; 30 s matches its request timeout. */
export const API_REQUEST_TIMEOUT_MS = 30_000

// Transactions and swaps
export const SWAP_SLIPPAGE_TOLERANCE = 1
export const MULTICALL_BATCH_SIZE_BYTES = 1024
export const NATIVE_DECIMALS = { eip155: 18, solana: 9, bip122: 8 } as const
export const SWAP_CHAIN_IDS = [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
] as const

// On-ramp
export const ONRAMP_DEFAULT_LIMITS = {
  card: { min: '10.00', max: '7500.00' },
  ach: { min: '10.00', max: '25000.00' },
} as const
export const ONRAMP_DEFAULT_FIAT = ['USD', 'EUR'] as const
export const ONRAMP_FEE_RANGE_PERCENT = { min: 1, max: 2 } as const
export const COINBASE_CHAINS = [
  'ethereum',
  'arbitrum',
  'polygon',
  'berachain',
  'avalanche-c-chain',
  'optimism',
  'celo',
  'base',
] as const
export const COINBASE_FALLBACK_CHAIN = 'ethereum'

// Wallet list and history
export const RECOMMENDED_WALLETS = { page: 1, entries: 4 } as const
export const WALLETS_PAGE_SIZE = 40
export const WALLET_SEARCH_ENTRIES = 100
export const WALLET_SEARCH_MIN_WAIT_MS = 300
export const PENDING_TRANSACTIONS_LIMIT = 99
export const TRANSFER_DISPLAY_DECIMALS = 3
export const ADDRESS_TRUNCATE = { start: 4, end: 6 } as const

// Names
export const NAME_SUFFIX = '.reown.id'
export const LEGACY_NAME_SUFFIX = '.wcn.id'
export const NAME_MIN_LENGTH = 4

// Logging
export const DEFAULT_LOG_LEVEL = 'error'
export const LOG_BUFFER_MAX_BYTES = 1_024_000

// Telemetry
export const ERROR_TELEMETRY_PER_MINUTE = 5

// Secure frame
export const SECURE_SDK_VERSION = 4

// Theme
export const THEME_ACCENT = {
  light: 'hsla(231,100%,70%,1)',
  dark: 'hsla(230,100%,67%,1)',
} as const
export const THEME_BACKGROUND = { light: '#fff', dark: '#121313' } as const

// Connection
/** How long a reconnect waits for the stored wallet to announce itself (EIP-6963). Ours. */
export const RECONNECT_DISCOVERY_TIMEOUT_MS = 2_000

// Send
/** Wait after the last keystroke before a typed receiver name is looked up. Ours. */
export const NAME_LOOKUP_DEBOUNCE_MS = 300
/** Tokens whose `transfer` returns no value (mainnet USDT), as CAIP-10 addresses (spec §7). */
export const NO_RETURN_TRANSFER_TOKENS = [
  'eip155:1:0xdAC17F958D2ee523a2206206994597C13D831ec7',
] as const
