import type { LazyContext } from '../kernel/feature.js'
import { formatDecimal, parseDecimal } from '../kit.js'
import { createTransactionSteps } from '../lazyKit.js'
import { createSwapBase, peek } from './base.js'
import { createDecimalsCheck } from './decimals.js'
import { gasReserve, maxSwappable } from './quote.js'
import { createQuotes } from './quotes.js'
import { createReview } from './review.js'
import { createTokenLists } from './tokenLists.js'
import { isNativeAddress, sameToken } from './tokens.js'
import type { SwapHalf, SwapShell, SwapToken } from './types.js'

/**
 * The swap's heavy half: the token lists, quotes, the review and the two transactions. Built
 * once per client, the first time the swap is used; it writes the shell's stores.
 */
export function createLazy(context: LazyContext, shell: SwapShell): SwapHalf {
  const base = createSwapBase(context, shell)
  const { stores, kit, api, problems, patch, connection } = base
  const { $state, $quote } = stores
  const followTokens = createTokenLists(base)
  const quotes = createQuotes(base)
  const { preview, approve, swap } = createReview(
    base,
    quotes,
    createDecimalsCheck(context, shell.network),
  )
  // One step at a time for both: Approve, then Swap.
  const step = createTransactionSteps(shell.modal)

  // A new form (tokens, amount, slippage) needs a new quote and a new review; the same form with
  // fresher balances only needs its checks again.
  context.onDestroy(
    $state.listen((state) => {
      if (quotes.isQuoted(state)) {
        quotes.checkAmount(peek($quote).data)
        return
      }
      preview.reset()
      quotes.schedule()
    }),
  )
  // Another account or chain: another allowance and balance. The review is dropped, never sent,
  // and the quote is forgotten: asked again now when shown, or when next shown (not kept as the
  // form's quote, which it was for the other account).
  context.onDestroy(
    connection.$caipAddress.listen(() => {
      preview.reset()
      quotes.schedule()
    }),
  )

  const same = (a?: SwapToken, b?: SwapToken) => sameToken(a, b)

  return {
    followQuote: quotes.followQuote,
    followTokens,
    async setSource(token) {
      const { source, target } = $state.get()
      patch(same(token, target) ? { source: token, target: source } : { source: token })
    },
    async setTarget(token) {
      const { source, target } = $state.get()
      patch(same(token, source) ? { target: token, source: target } : { target: token })
    },
    async switchTokens() {
      const { source, target, amount } = $state.get()
      const quote = peek($quote).data
      const paid = quote && same(quote.source, source) && same(quote.target, target)
      patch({ source: target, target: source, amount: paid ? quote.targetAmount : amount })
    },
    async setMax() {
      const { source } = $state.get()
      const balance =
        source?.balance === undefined ? undefined : parseDecimal(source.balance, source.decimals)
      if (!source || balance === undefined) return
      const native = isNativeAddress(source.address)
      let reserve = 0n
      if (native) {
        const prices = await api
          .getGasPrice(source.chainId)
          .catch((error) => Promise.reject(problems.apiProblem(error, source.symbol)))
        reserve = gasReserve(prices.standard)
      }
      patch({ amount: formatDecimal(maxSwappable(balance, native, reserve), source.decimals) })
    },
    async setSlippage(percent) {
      if (!shell.isSlippage(percent)) {
        throw new kit.PorticoError(
          'INVALID_INPUT',
          `The slippage must be a whole percent from 0 to 50 (got ${percent})`,
        )
      }
      patch({ slippage: percent })
    },
    refreshQuote: () => quotes.quoteNow().then(() => undefined),
    preview: preview.run,
    approve: approve.run,
    swap: swap.run,
    // The review's next transaction. An approval keeps the view while the swap is built; a swap
    // goes back to the form, where the new balances show. A refusal or a failure goes back too.
    confirm: () =>
      stores.$preview.get().data?.approval
        ? step(approve.run, {})
        : step(swap.run, { goBack: true }),
    async reset() {
      preview.reset()
      approve.reset()
      swap.reset()
      $state.set({
        source: undefined,
        target: undefined,
        amount: '',
        slippage: $state.get().slippage,
      })
    },
  }
}
