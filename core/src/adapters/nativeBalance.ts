import { formatDecimal } from '../format/index.js'
import type { PorticoNetwork } from '../options/index.js'
import type { NativeBalance } from './types.js'

/** A balance read in the smallest unit, as the balance features show it. */
export function nativeBalance(
  value: bigint,
  decimals: number,
  network: PorticoNetwork,
): NativeBalance {
  return {
    value,
    decimals,
    symbol: network.nativeCurrency.symbol,
    formatted: formatDecimal(value, decimals),
  }
}
