/** The swap API names the native token by this address (with the chain's CAIP-2 prefix). */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Wait after the last change of the form before a quote is asked for. Ours. */
export const QUOTE_DEBOUNCE_MS = 400

/**
 * Gas a swap is counted at before it is built (a Uniswap V2 swap through two pools uses about
 * 180 000, one pool about 135 000): the quote's fee and the native amount Max leaves aside.
 * The review shows the built swap's own limit.
 */
export const SWAP_GAS_ESTIMATE = 200_000n
/** Gas an ERC-20 approval is counted at (about 46 000 from zero allowance). */
export const APPROVAL_GAS_ESTIMATE = 60_000n
/**
 * Max on the native token leaves this many times the swap's estimated fee in the account, so the
 * gas price may rise a little between the quote and the wallet.
 */
export const GAS_RESERVE_FACTOR = 2n

/**
 * How long the wallet may take to answer a transaction request before the wait gives up (the
 * user may retry). Ours: a user reads a transaction before approving it, so it is generous.
 */
export const SWAP_WALLET_TIMEOUT_MS = 300_000

/**
 * Symbols offered first in the token picker (the spec names the list, not its contents; ours:
 * the native tokens and the largest stablecoins).
 */
export const SWAP_SUGGESTED_TOKENS = [
  'ETH',
  'USDC',
  'USDT',
  'DAI',
  'WETH',
  'WBTC',
  'POL',
  'BNB',
  'AVAX',
] as const
/** Symbols listed after the suggested ones, before the rest (ours, like the suggested list). */
export const SWAP_POPULAR_TOKENS = [
  'UNI',
  'LINK',
  'AAVE',
  'ARB',
  'OP',
  'MKR',
  'LDO',
  'CRV',
  'SNX',
  '1INCH',
  'GNO',
  'FTM',
] as const
