import { formatDecimal } from '../kit.js'
import { peek, type SwapBase } from './base.js'
import { SWAP_MESSAGES } from './messages.js'
import { isNativeAddress } from './tokens.js'
import { APPROVAL_GAS_ESTIMATE, QUOTE_DEBOUNCE_MS, SWAP_GAS_ESTIMATE } from './tuning.js'
import type { SwapQuote, SwapState, SwapToken } from './types.js'

/** What a quote was asked for: the same form (with fresher balances) keeps its quote. */
const inputsOf = (state: SwapState) =>
  [state.source?.address, state.target?.address, state.amount.trim(), state.slippage]
    .join('|')
    .toLowerCase()

/**
 * Quotes for the form: what the pools pay, the gas price and the allowance, asked a moment after
 * the form was last changed while something shows the quote, or at once for the review. Only the
 * latest request writes; the amount is checked on its own and against the funds once the fee is
 * known.
 */
export function createQuotes(base: SwapBase) {
  const { stores, api, kit, math, problems } = base
  const { $state, $quote, $errors } = stores
  const { PorticoError } = kit
  let watchers = 0
  let request = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let controller: AbortController | undefined
  let quotedInputs = ''

  function cancel() {
    request++
    clearTimeout(timer)
    controller?.abort()
  }
  base.onDestroy(cancel)

  /** Checks the amount on its own, and the funds once the quote's fee is known. */
  function checkAmount(quote?: SwapQuote): bigint | undefined {
    const { source, amount } = $state.get()
    const read = source ? math.readSwapAmount(amount, source.decimals) : undefined
    if (!source || !read || 'message' in read) {
      $errors.set(read && 'message' in read ? { amount: read.message } : {})
      return undefined
    }
    const funds = math.checkFunds({
      amountIn: read.value,
      source,
      sourceIsNative: isNativeAddress(source.address),
      nativeBalance: base.nativeBalance(source.chainId),
      fee: quote?.networkFee.value ?? 0n,
      nativeSymbol: base.nativeToken(source.chainId).symbol,
    })
    $errors.set(funds ? { amount: funds } : {})
    return read.value
  }

  /** Asks what the pools pay, the gas price and the allowance. */
  async function fetchQuote(
    source: SwapToken,
    target: SwapToken,
    amountIn: bigint,
    slippage: number,
    signal: AbortSignal,
  ): Promise<SwapQuote> {
    const user = base.account()
    try {
      const gas = await api.getGasPrice(source.chainId, { signal })
      const [amountOut, allowance] = await Promise.all([
        api.getQuote(
          {
            amount: amountIn,
            from: source.address,
            to: target.address,
            userAddress: user?.caipAddress,
            gasPrice: gas.standard,
          },
          { signal },
        ),
        isNativeAddress(source.address) || !user
          ? undefined
          : api.getAllowance(
              { tokenAddress: source.address, userAddress: user.caipAddress },
              { signal },
            ),
      ])
      if (!amountOut) {
        throw new PorticoError('API_ERROR', 'No pool route pays anything for this amount', {
          details: { message: SWAP_MESSAGES.insufficientLiquidity },
        })
      }
      const needsApproval = allowance !== undefined && allowance < amountIn
      const gasUnits = SWAP_GAS_ESTIMATE + (needsApproval ? APPROVAL_GAS_ESTIMATE : 0n)
      return {
        source,
        target,
        amountIn,
        amountOut,
        sourceAmount: formatDecimal(amountIn, source.decimals),
        targetAmount: formatDecimal(amountOut, target.decimals),
        rate: math.swapRate(amountIn, amountOut, source.decimals, target.decimals),
        priceImpact: math.priceImpact(amountIn, source, amountOut, target),
        minimumReceived: formatDecimal(math.minimumOut(amountOut, slippage), target.decimals),
        gasPrice: gas.standard,
        networkFee: math.networkFee(gasUnits, gas.standard, base.nativeToken(source.chainId)),
        needsApproval,
      }
    } catch (error) {
      throw problems.apiProblem(error, source.symbol)
    }
  }

  /** The form's quote now (no wait); undefined when the form is not complete or not valid. */
  async function quoteNow(): Promise<SwapQuote | undefined> {
    cancel()
    const mine = request
    const state = $state.get()
    const amountIn = checkAmount()
    const { source, target, slippage } = state
    quotedInputs = inputsOf(state)
    if (!source || !target || amountIn === undefined) {
      $quote.set(kit.idleState())
      return undefined
    }
    const abort = new AbortController()
    controller = abort
    $quote.set(kit.pendingState(kit.idleState()))
    try {
      const quote = await fetchQuote(source, target, amountIn, slippage, abort.signal)
      if (mine === request) {
        $quote.set(kit.successState(quote))
        checkAmount(quote)
      }
      return quote
    } catch (error) {
      if (mine === request) $quote.set(base.failed(error))
      throw problems.asError(error)
    }
  }

  /** A quote for the form once it has been still for a moment, while something shows it. */
  function schedule() {
    cancel()
    const mine = request
    const state = $state.get()
    const amountIn = checkAmount()
    quotedInputs = ''
    if (!state.source || !state.target || amountIn === undefined || watchers === 0) {
      $quote.set(kit.idleState())
      return
    }
    $quote.set(kit.pendingState(kit.idleState()))
    timer = setTimeout(() => {
      if (mine === request) quoteNow().catch(() => undefined)
    }, QUOTE_DEBOUNCE_MS)
  }

  /** Follows the form with quotes while the quote is shown; returns the stop. */
  function followQuote(): () => void {
    watchers++
    if (peek($quote).status !== 'success' || inputsOf($state.get()) !== quotedInputs) {
      schedule()
    }
    return () => {
      watchers--
      if (watchers > 0) return
      // Nobody looks: the wait and the request stop.
      cancel()
      if (peek($quote).status === 'pending') $quote.set(kit.idleState())
    }
  }

  return {
    checkAmount,
    quoteNow,
    schedule,
    followQuote,
    /** Whether the form is the one the quote was asked for (fresher balances aside). */
    isQuoted: (state: SwapState) => inputsOf(state) === quotedInputs,
  }
}
