/** A new toast waits this long after the open one closes, so the user sees a new message arrive. */
export const TOAST_SWAP_DELAY_MS = 150
/** How long a toast stays up when it closes itself. The spec gives no number; this is ours. */
export const TOAST_AUTO_CLOSE_MS = 2_500
