import type { OnrampBase } from './base.js'
import { estimateQuote } from './quote.js'
import { ONRAMP_QUOTE_DEBOUNCE_MS } from './tuning.js'
import type { OnrampForm, OnrampQuote } from './types.js'

/**
 * The quote for the form, asked 500 ms after its last change; only the latest answer counts.
 * When the quote call fails, the estimate (with the token's price, when the wallet holds it).
 */
export function createQuoting(base: OnrampBase) {
  const { kit, stores, api, logger, clock, balances, onDestroy } = base
  const { $quote } = stores
  let quoteKey = ''
  let quotedAt = Number.NEGATIVE_INFINITY
  let quoteTimer: ReturnType<typeof setTimeout> | undefined
  let quoteController: AbortController | undefined
  onDestroy(() => {
    clearTimeout(quoteTimer)
    quoteController?.abort()
  })

  async function fetchQuote(form: OnrampForm, key: string) {
    const { asset, paymentCurrency } = form
    if (!asset || !paymentCurrency) return
    quoteController = new AbortController()
    const { network: assetNetwork, ...purchaseCurrency } = asset
    let quote: OnrampQuote | undefined
    try {
      quote = await api.getQuote(
        {
          purchaseCurrency,
          paymentCurrency,
          amount: Number(form.amount),
          network: assetNetwork.name,
          paymentMethod: form.paymentMethod,
        },
        { signal: quoteController.signal },
      )
    } catch (cause) {
      if (key !== quoteKey) return
      logger.warn('the on-ramp quote could not be read: showing an estimate', cause)
      const held = balances.$tokenBalances
        .get()
        .data?.find((t) => t.symbol === asset.symbol && t.chainId === form.caipNetworkId)
      quote = estimateQuote({
        amount: form.amount,
        currency: paymentCurrency.id,
        symbol: asset.symbol,
        usdPrice: held?.price,
      })
    }
    if (key !== quoteKey) return
    quotedAt = clock.now()
    $quote.set(quote ? kit.successState(quote) : kit.idleState())
  }

  /** Asks again when the form's order changed (or `force`), after the typing pause. */
  function requote(form: OnrampForm, force = false) {
    const ready =
      form.asset && form.paymentCurrency && form.limits && form.amount.trim() && !form.errors.amount
    const key = ready
      ? [form.asset?.id, form.asset?.network.name, form.paymentCurrency?.id, form.paymentMethod]
          .concat(Number(form.amount).toFixed(2))
          .join('|')
      : ''
    if (key === quoteKey && !force) return
    quoteKey = key
    clearTimeout(quoteTimer)
    quoteController?.abort()
    if (!ready) {
      $quote.set(kit.idleState())
      return
    }
    $quote.set(kit.pendingState(kit.idleState()))
    quoteTimer = setTimeout(() => void fetchQuote(form, key), ONRAMP_QUOTE_DEBOUNCE_MS)
  }

  return {
    requote,
    /** When the quote on screen was answered. */
    quotedAt: () => quotedAt,
  }
}
