import type { ReadableAtom } from 'nanostores'
import type { ExtraErrorCode } from '../errors/index.js'
import { parseCaipNetworkId } from '../kit.js'
import type { Message } from '../messages/index.js'
import type { OnrampBase } from './base.js'
import { allowedCheckoutUrl, checkoutOrigins } from './checkout.js'
import type { OnrampWindow } from './popup.js'
import { coinbaseUrlRequest, meldUrl, type OnrampOrder } from './providers.js'
import { MELD_URL, ONRAMP_QUOTE_MAX_AGE_MS } from './tuning.js'
import type { OnrampForm, OnrampProvider, OnrampPurchase, OnrampPurchaseState } from './types.js'
import { ONRAMP_MESSAGES } from './validation.js'
import { watchPurchase } from './watch.js'

/** What the purchase needs of the other parts of the half. */
type PurchaseNeeds = {
  $form: ReadableAtom<OnrampForm>
  /** When the quote on screen was answered. */
  quotedAt(): number
  refreshPurchases(): Promise<void>
}

/**
 * The purchase: the order read from the form, the provider page opened in the window the click
 * opened, the purchase watched until it completes or fails, and what follows (balances, history
 * and purchases read again, a toast). One purchase at a time: a second click joins it.
 */
export function createPurchase(
  base: OnrampBase,
  { $form, quotedAt, refreshPurchases }: PurchaseNeeds,
) {
  const { kit, stores, api, clock, error, idlePurchase, connection, balances, history, toast } =
    base
  const { PorticoError, idleState, pendingState, successState, errorState, toPorticoError } = kit
  const { $purchase } = stores
  let attempts = 0
  /** The origins the provider window may be sent to (built-in, the app's, its meldUrl's). */
  const allowedOrigins = checkoutOrigins(base.options)
  let current:
    | { promise: Promise<OnrampPurchase>; popup: OnrampWindow; controller: AbortController }
    | undefined

  function readOrder(): { order: OnrampOrder; provider: OnrampProvider } {
    const form = $form.get()
    const address = connection.get(form.namespace).address
    if (!address) throw new PorticoError('NO_ACTIVE_CAIP_ADDRESS')
    const refuse = (message: Message) =>
      error('INVALID_INPUT', 'The on-ramp order is not complete', message)
    const { provider, asset, paymentCurrency, limits } = form
    if (!provider) throw refuse(ONRAMP_MESSAGES.noProvider)
    if (!asset) throw refuse(ONRAMP_MESSAGES.noAsset)
    if (!paymentCurrency || !limits) throw refuse(ONRAMP_MESSAGES.noPaymentMethod)
    if (!form.amount.trim()) throw refuse(ONRAMP_MESSAGES.amountRequired)
    if (form.errors.amount) throw refuse(form.errors.amount)
    const quote = stores.$quote.get().data
    // The quote the user sees, while the service still keeps it; the devnet checkout takes
    // cards only, and a provider quotes other methods itself.
    const quoteId =
      quote && !quote.isEstimate && form.paymentMethod === 'card'
        ? clock.now() - quotedAt() < ONRAMP_QUOTE_MAX_AGE_MS
          ? quote.quoteId
          : undefined
        : undefined
    return {
      provider,
      order: {
        address,
        asset,
        chainId: parseCaipNetworkId(form.caipNetworkId).reference,
        amount: form.amount.trim(),
        paymentCurrency: paymentCurrency.id,
        paymentMethod: form.paymentMethod,
        quoteId,
      },
    }
  }

  /**
   * Why a checkout URL is refused: not a web page at all, or a web page on an origin that is not
   * a provider's (the user would type a card number into it).
   */
  function refusedPage(value: string) {
    let origin: string | undefined
    try {
      const url = new URL(value)
      if (url.protocol === 'https:' || url.protocol === 'http:') origin = url.origin
    } catch {
      origin = undefined
    }
    if (!origin) {
      return error(
        'INVALID_RESPONSE',
        'The provider page is not a web page',
        ONRAMP_MESSAGES.openFailed,
      )
    }
    return error(
      'INVALID_RESPONSE',
      `The provider page is on ${origin}, which is not an allowed checkout origin`,
      ONRAMP_MESSAGES.checkoutRefused(origin),
      { origin },
    )
  }

  /**
   * The provider page for an order, checked: an http(s) page on an allowed checkout origin
   * (exactly), with no credentials in its URL.
   */
  async function providerPage(
    provider: OnrampProvider,
    order: OnrampOrder,
    signal: AbortSignal,
  ): Promise<{ url: URL; sessionId: string | undefined }> {
    let answer: { url: string; sessionId: string | undefined }
    try {
      answer =
        provider.id === 'coinbase'
          ? await api.generateUrl(coinbaseUrlRequest(order), { signal })
          : {
              url: meldUrl(base.options.meldUrl ?? MELD_URL, order, base.options.meldPublicKey),
              sessionId: undefined,
            }
    } catch (cause) {
      // Cancelled by the user: the purchase ends as a cancel at any phase (the same error, with its
      // message), not as the request's own abort.
      if (signal.aborted && signal.reason instanceof PorticoError) throw signal.reason
      const failure = toPorticoError(cause)
      if (failure.code === 'ABORTED') throw failure
      throw new PorticoError(failure.code as ExtraErrorCode, failure.message, {
        cause,
        details: { ...failure.details, message: ONRAMP_MESSAGES.openFailed },
      })
    }
    const url = allowedCheckoutUrl(answer.url, allowedOrigins)
    if (!url) throw refusedPage(answer.url)
    return { url, sessionId: answer.sessionId }
  }

  function refreshAfterPurchase() {
    const quiet = (promise: Promise<unknown>) => void promise.catch(() => undefined)
    quiet(balances.fetchTokenBalances({ forceUpdate: true }))
    quiet(balances.refreshNativeBalance({ force: true }))
    quiet(history.refresh())
    quiet(refreshPurchases())
  }

  async function run(
    attempt: number,
    order: OnrampOrder,
    provider: OnrampProvider,
    popup: OnrampWindow,
    controller: AbortController,
  ): Promise<OnrampPurchase> {
    const caipNetworkId = $form.get().caipNetworkId
    const set = (next: Partial<OnrampPurchaseState>) => {
      if (attempt === attempts) $purchase.set({ ...$purchase.get(), ...next })
    }
    set({
      ...pendingState(idleState()),
      phase: 'opening',
      provider: provider.id,
      sessionId: undefined,
    })
    let paid = false
    let navigated = false
    try {
      const page = await providerPage(provider, order, controller.signal)
      if (popup.closed) {
        throw error('ABORTED', 'The provider window was closed', ONRAMP_MESSAGES.windowClosed)
      }
      popup.location.replace(page.url.href)
      navigated = true
      set({ phase: 'waiting', sessionId: page.sessionId })
      const purchase = await watchPurchase(base, {
        popup,
        origin: page.url.origin,
        sessionId: page.sessionId,
        provider,
        order,
        caipNetworkId,
        signal: controller.signal,
        onProcessing() {
          paid = true
          set({ phase: 'processing' })
        },
      })
      paid = true
      set({ ...successState(purchase), phase: 'success', sessionId: purchase.sessionId })
      refreshAfterPurchase()
      toast.showSuccess({
        key: 'onramp.purchased',
        params: { amount: purchase.amount, symbol: purchase.asset },
      })
      return purchase
    } catch (cause) {
      const failure = toPorticoError(cause)
      // A window that never showed the provider, or that the user left without paying, is of no
      // use; a provider's own result page (declined, still processing) stays for the user to read.
      if (!navigated || (!paid && failure.code === 'ABORTED')) popup.close()
      set({ ...errorState(idleState(), failure), phase: 'error' })
      throw failure
    }
  }

  function buy(given?: OnrampWindow | null): Promise<OnrampPurchase> {
    if (current) {
      current.popup.focus()
      given?.close()
      return current.promise
    }
    const attempt = ++attempts
    let started: { order: OnrampOrder; provider: OnrampProvider }
    try {
      started = readOrder()
    } catch (cause) {
      given?.close()
      const failure = toPorticoError(cause)
      $purchase.set({ ...idlePurchase, ...errorState(idleState(), failure), phase: 'error' })
      return Promise.reject(failure)
    }
    const popup = given === undefined ? base.openWindow() : given
    if (!popup) {
      const failure = error(
        'UNKNOWN_ERROR',
        'The browser blocked the provider window',
        ONRAMP_MESSAGES.popupBlocked,
      )
      $purchase.set({ ...idlePurchase, ...errorState(idleState(), failure), phase: 'error' })
      return Promise.reject(failure)
    }
    const controller = new AbortController()
    const promise = run(attempt, started.order, started.provider, popup, controller)
    const mine = { promise, popup, controller }
    current = mine
    const settle = () => {
      if (current === mine) current = undefined
    }
    promise.then(settle, settle)
    return promise
  }

  /** Stops following the purchase; a provider window not yet paid in is closed. */
  function cancel() {
    const following = current
    if (!following) return
    current = undefined
    attempts++
    following.controller.abort(
      new PorticoError('ABORTED', 'The purchase is no longer followed', {
        details: { message: ONRAMP_MESSAGES.windowClosed },
      }),
    )
    if ($purchase.get().phase !== 'processing') following.popup.close()
    $purchase.set(idlePurchase)
  }

  return { buy, cancel }
}
