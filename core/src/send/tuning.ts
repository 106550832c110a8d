/** Wait after the last keystroke before a typed receiver name is looked up. Ours. */
export const NAME_LOOKUP_DEBOUNCE_MS = 300
/** Tokens whose `transfer` returns no value (mainnet USDT), as CAIP-10 addresses. */
export const NO_RETURN_TRANSFER_TOKENS = [
  'eip155:1:0xdAC17F958D2ee523a2206206994597C13D831ec7',
] as const
