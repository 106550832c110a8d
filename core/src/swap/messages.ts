import type { Message } from '../messages/types.js'

/** What the swap tells the user, as message keys (the UI renders them). */
export const SWAP_MESSAGES = {
  amountNotNumber: { key: 'swap.amountNotNumber' },
  amountNotPositive: { key: 'swap.amountNotPositive' },
  tooManyDecimals: (decimals: number): Message => ({
    key: 'swap.tooManyDecimals',
    params: { decimals },
  }),
  /** The amount is more than the account holds of the source token. */
  insufficientBalance: (symbol: string): Message => ({
    key: 'swap.insufficientBalance',
    params: { symbol },
  }),
  /** What is left of the native token does not pay the network fee. */
  insufficientGas: (symbol: string): Message => ({
    key: 'swap.insufficientGas',
    params: { symbol },
  }),
  /** No pool route can carry the trade (too large for the pools, no pool, too small). */
  insufficientLiquidity: { key: 'swap.insufficientLiquidity' },
  /** The pools moved past the slippage tolerance between the review and the swap. */
  priceMoved: (slippage: number): Message => ({ key: 'swap.priceMoved', params: { slippage } }),
  /** The swap was mined after its deadline. */
  expired: { key: 'swap.expired' },
  /** The chain refused the swap for another reason, given as the contract wrote it. */
  reverted: (reason: string): Message => ({ key: 'swap.reverted', params: { reason } }),
  /** The form lacks a token or an amount. */
  incomplete: { key: 'swap.incomplete' },
  /** The wallet is not on the chain the form's tokens are on. */
  wrongNetwork: { key: 'swap.wrongNetwork' },
} as const

/** The success toast after a swap is mined: `Swapped {from} for {to}`. */
export const SWAP_TOAST_SWAPPED = 'swap.swapped'
/** The toast when the wallet declines the approval or the swap. */
export const SWAP_TOAST_DECLINED = 'swap.declined'
/** The success toast after an approval is mined. */
export const SWAP_TOAST_APPROVED = 'swap.approved'
