/** Transfer amounts are shown with this many decimals. */
export const TRANSFER_DISPLAY_DECIMALS = 3
