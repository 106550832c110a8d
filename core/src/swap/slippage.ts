import { SWAP_MAX_SLIPPAGE } from './constants.js'

/** Slippage is a whole percent from 0 to 50: what the swap API takes. */
export function isSlippage(percent: number): boolean {
  return Number.isInteger(percent) && percent >= 0 && percent <= SWAP_MAX_SLIPPAGE
}

/** An eip155 chain id: a positive safe integer. */
export const isChainId = (id: number) => Number.isSafeInteger(id) && id > 0

/**
 * What `swaps.routers` must be: `{ [chain id]: ['0x' and 40 hex digits, …] }`, checked here with
 * plain patterns (the shell is in the first load: no viem).
 */
export function areRouters(routers: unknown): boolean {
  if (typeof routers !== 'object' || routers === null || Array.isArray(routers)) return false
  return Object.entries(routers).every(
    ([id, list]) =>
      /^[1-9]\d*$/.test(id) &&
      isChainId(Number(id)) &&
      Array.isArray(list) &&
      list.every((a) => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a)),
  )
}
