import { SWAP_MAX_SLIPPAGE } from './constants.js'

/** Slippage is a whole percent from 0 to 50: what the swap API takes. */
export function isSlippage(percent: number): boolean {
  return Number.isInteger(percent) && percent >= 0 && percent <= SWAP_MAX_SLIPPAGE
}
