/** How many recent wallets are kept. */
export const RECENT_WALLETS_MAX = 2
/** How long a reconnect waits for the stored wallet to announce itself (EIP-6963). Ours. */
export const RECONNECT_DISCOVERY_TIMEOUT_MS = 2_000
/** Where the recent wallets are stored (under the client's prefix). */
export const RECENT_WALLETS_KEY = 'recent_wallets'
/** The id of a plain injected provider (`window.ethereum`) when no wallet announced itself. */
export const INJECTED_CONNECTOR_ID = 'injected'
