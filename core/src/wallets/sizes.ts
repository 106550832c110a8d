// The listing's page sizes: the heavy half's own (re-exported by the feature's index, the page's
// first load would reach them and keep them).

/** The Connect view's recommended wallets: the first page of four entries. */
export const RECOMMENDED_WALLETS = { page: 1, entries: 4 } as const
/** All Wallets loads the listing 40 at a time. */
export const WALLETS_PAGE_SIZE = 40
/** A search asks for 100 entries. */
export const WALLET_SEARCH_ENTRIES = 100
