/** A search asks 300 ms after the last keystroke. */
export const WALLET_SEARCH_MIN_WAIT_MS = 300
