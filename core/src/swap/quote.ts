import { formatDecimal, parseDecimal } from '../kit.js'
import type { Message } from '../messages/types.js'
import { SWAP_MESSAGES } from './messages.js'
import { GAS_RESERVE_FACTOR, SWAP_GAS_ESTIMATE } from './tuning.js'
import type { SwapFee, SwapToken } from './types.js'

/** The native token of the chain, as fees are paid in it. */
export type NativeToken = { symbol: string; decimals: number; price: number }

/** What Max keeps of the native token for the swap's gas. */
export function gasReserve(gasPrice: bigint): bigint {
  return gasPrice * SWAP_GAS_ESTIMATE * GAS_RESERVE_FACTOR
}

/**
 * The most of `balance` (smallest units) the user can swap: all of a token, the native token less
 * the gas reserve (never below 0).
 */
export function maxSwappable(balance: bigint, isNative: boolean, reserve: bigint): bigint {
  if (!isNative) return balance
  return balance > reserve ? balance - reserve : 0n
}

/** The least a swap of `amountOut` may pay with `slippage` percent: rounded down, as the API does. */
export function minimumOut(amountOut: bigint, slippage: number): bigint {
  return (amountOut * BigInt(100 - slippage)) / 100n
}

/** The quote's figures, on exact decimal arithmetic. */
export function createQuoteMath() {
  /** A raw amount's worth in USD at `price` (a display figure: floating point is fine here). */
  const usdValue = (amount: bigint, decimals: number, price: number) =>
    Number(formatDecimal(amount, decimals)) * price

  return {
    gasReserve,
    minimumOut,
    usdValue,

    /**
     * Reads the typed amount in the source token's smallest unit, or says why it is not one: a
     * plain positive decimal within the token's decimals. Empty text is no amount yet, no error.
     */
    readSwapAmount(
      amount: string,
      decimals: number,
    ): { value: bigint } | { message: Message } | undefined {
      const text = amount.trim()
      if (text === '') return undefined
      const number = /^-?(\d*)\.?(\d*)$/.exec(text)
      if (!number || text.replace('-', '') === '.' || text === '-') {
        return { message: SWAP_MESSAGES.amountNotNumber }
      }
      if (text.startsWith('-')) return { message: SWAP_MESSAGES.amountNotPositive }
      if ((number[2] ?? '').length > decimals) {
        return { message: SWAP_MESSAGES.tooManyDecimals(decimals) }
      }
      const value = parseDecimal(text, decimals)
      if (value === undefined) return { message: SWAP_MESSAGES.amountNotNumber }
      return value === 0n ? { message: SWAP_MESSAGES.amountNotPositive } : { value }
    },

    /** How much target one whole source token buys, in whole target units (rounded down). */
    swapRate(
      amountIn: bigint,
      amountOut: bigint,
      sourceDecimals: number,
      targetDecimals: number,
    ): string {
      if (amountIn <= 0n) return '0'
      return formatDecimal((amountOut * 10n ** BigInt(sourceDecimals)) / amountIn, targetDecimals)
    },

    /**
     * How much less what arrives is worth than what leaves, in percent (0 when it is worth
     * more), from the tokens' USD prices; undefined when a price is unknown.
     */
    priceImpact(
      amountIn: bigint,
      source: Pick<SwapToken, 'decimals' | 'price'>,
      amountOut: bigint,
      target: Pick<SwapToken, 'decimals' | 'price'>,
    ): number | undefined {
      if (!(source.price > 0 && target.price > 0)) return undefined
      const valueIn = usdValue(amountIn, source.decimals, source.price)
      const valueOut = usdValue(amountOut, target.decimals, target.price)
      if (!(valueIn > 0)) return undefined
      return Math.max(0, ((valueIn - valueOut) / valueIn) * 100)
    },

    /** The fee of `gas` at `gasPrice`, in the native token and in USD. */
    networkFee(gas: bigint, gasPrice: bigint, native: NativeToken): SwapFee {
      const value = gas * gasPrice
      return {
        value,
        formatted: formatDecimal(value, native.decimals),
        symbol: native.symbol,
        usd: usdValue(value, native.decimals, native.price),
      }
    },

    /**
     * Whether the account can pay: the amount within the source balance, and the native balance
     * left for the network fee (`fee`), each when known.
     */
    checkFunds(parameters: {
      amountIn: bigint
      source: SwapToken
      sourceIsNative: boolean
      nativeBalance: bigint | undefined
      fee: bigint
      nativeSymbol: string
    }): Message | undefined {
      const { amountIn, source, sourceIsNative, nativeBalance, fee, nativeSymbol } = parameters
      const balance =
        source.balance === undefined ? undefined : parseDecimal(source.balance, source.decimals)
      if (balance !== undefined && amountIn > balance) {
        return SWAP_MESSAGES.insufficientBalance(source.symbol)
      }
      if (nativeBalance === undefined) return undefined
      const left = sourceIsNative ? nativeBalance - amountIn : nativeBalance
      return left < fee ? SWAP_MESSAGES.insufficientGas(nativeSymbol) : undefined
    },
  }
}

export type QuoteMath = ReturnType<typeof createQuoteMath>
