import { useStore } from '@nanostores/react'
import type {
  AsyncState,
  SwapErrors,
  SwapFeature,
  SwapPreview,
  SwapQuote,
  SwapState,
  SwapTokenLists,
} from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useSwap` returns. */
export type UseSwapReturnType = AsyncState<string> &
  SwapState & {
    /** Swaps are offered on the wallet's (or app's) network now. */
    isSupported: boolean
    /** The tokens to pick from (empty lists until loaded). */
    tokens: SwapTokenLists
    /** Loading the tokens. */
    tokensState: AsyncState<SwapTokenLists>
    /** What the pools pay for the form now, once asked (400 ms after the last change). */
    quote: SwapQuote | undefined
    /** Asking for the quote; `error` says why there is none (insufficient liquidity…). */
    quoteState: AsyncState<SwapQuote>
    /** Live checks of the amount: not a number, more than the balance, no ETH left for gas. */
    errors: SwapErrors
    /** The review: the approval to send first, the swap, the fees. */
    previewState: AsyncState<SwapPreview>
    /** The approval; `data` is its hash once mined. */
    approveState: AsyncState<string>
    setSource: SwapFeature['setSource']
    setTarget: SwapFeature['setTarget']
    setAmount: SwapFeature['setAmount']
    switchTokens: SwapFeature['switchTokens']
    setMax: SwapFeature['setMax']
    setSlippage: SwapFeature['setSlippage']
    refreshQuote: SwapFeature['refreshQuote']
    preview: SwapFeature['preview']
    approve: SwapFeature['approve']
    /** Swaps; `status`, `data` (the hash), `error` and `isPending` follow it. */
    swap: SwapFeature['swap']
    /**
     * Sends the review's next transaction as a step of the modal (the preview's Approve, then its
     * Swap): the view stays after an approval, back to the form after the swap or a failure;
     * rejects as `approve` or `swap`.
     */
    confirm: SwapFeature['confirm']
    reset: SwapFeature['reset']
  }

const NO_TOKENS: SwapTokenLists = { tokens: [], myTokens: [], suggested: [] }

/**
 * Swap one token for another: pick the tokens, type an amount, read the quote and its fees, then
 * review, approve when asked, and swap. Using it loads the swap's code, the tokens and the quotes
 * (nothing is fetched for a page that never shows it).
 */
export function useSwap(): UseSwapReturnType {
  const { swap } = usePortico()
  const isSupported = useStore(swap.$isSupported)
  const form = useStore(swap.$state)
  const tokensState = useStore(swap.$tokens)
  const quoteState = useStore(swap.$quote)
  const errors = useStore(swap.$errors)
  const previewState = useStore(swap.$preview)
  const approveState = useStore(swap.$approve)
  const swapping = useStore(swap.$swap)
  return useMemo(
    () => ({
      ...form,
      ...swapping,
      isSupported,
      tokens: tokensState.data ?? NO_TOKENS,
      tokensState,
      quote: quoteState.data,
      quoteState,
      errors,
      previewState,
      approveState,
      setSource: swap.setSource,
      setTarget: swap.setTarget,
      setAmount: swap.setAmount,
      switchTokens: swap.switchTokens,
      setMax: swap.setMax,
      setSlippage: swap.setSlippage,
      refreshQuote: swap.refreshQuote,
      preview: swap.preview,
      approve: swap.approve,
      swap: swap.swap,
      confirm: swap.confirm,
      reset: swap.reset,
    }),
    [
      form,
      swapping,
      isSupported,
      tokensState,
      quoteState,
      errors,
      previewState,
      approveState,
      swap,
    ],
  )
}
