// The heavy half's timings (the shell needs none of them; internal.ts imports them from here, so
// the page's first load does not reach them).

/** After a failed token balance fetch, no new fetch for this long. */
export const BALANCE_RETRY_BLOCK_MS = 30_000
/** Token balances read within this long are not read again. */
export const BALANCE_CACHE_MS = 30_000
/** The native balance read within this long is not read again. */
export const NATIVE_BALANCE_CACHE_MS = 30_000
