/** The Connect view's recommended wallets: the first page of four entries. */
export const RECOMMENDED_WALLETS = { page: 1, entries: 4 } as const
/** All Wallets loads the listing 40 at a time. */
export const WALLETS_PAGE_SIZE = 40
/** A search asks for 100 entries… */
export const WALLET_SEARCH_ENTRIES = 100
/** …300 ms after the last keystroke. */
export const WALLET_SEARCH_MIN_WAIT_MS = 300
