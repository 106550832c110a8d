import type { ReadableAtom } from 'nanostores'
import type { BalancesInternal } from '../balances/index.js'
import type { ConnectionInternal } from '../connection/index.js'
import type { ExtraErrorCode } from '../errors/index.js'
import type { HistoryInternal } from '../history/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { FeatureContext } from '../kernel/feature.js'
// Not in the shell's kit: the page's first load does not carry the link checks.
import { parseWalletLink } from '../kernel/lazyShared.js'
import type { Message } from '../messages/index.js'
import type { NetworkInternal } from '../network/index.js'
import type { ToastFeature } from '../toast/index.js'
import { createOnrampApi, createOnrampValidators } from './api.js'
import {
  MELD_URL,
  ONRAMP_DEFAULT_OPTIONS,
  ONRAMP_HISTORY_PARAMETER,
  ONRAMP_POLL_INTERVAL_MS,
  ONRAMP_POLL_TIMEOUT_MS,
  ONRAMP_QUOTE_DEBOUNCE_MS,
  ONRAMP_QUOTE_MAX_AGE_MS,
} from './constants.js'
import { buildOnrampForm } from './form.js'
import { type OnrampKitList, readKit } from './kit.js'
import { parseOnrampMessage } from './messages.js'
import type { OnrampWindow } from './popup.js'
import {
  coinbaseUrlRequest,
  currentTimeZone,
  isRestrictedTimeZone,
  meldUrl,
  type OnrampOrder,
} from './providers.js'
import { estimateQuote } from './quote.js'
import type {
  OnrampChoice,
  OnrampForm,
  OnrampOptionsData,
  OnrampProvider,
  OnrampProviderId,
  OnrampPurchase,
  OnrampPurchaseItem,
  OnrampPurchaseState,
  OnrampQuote,
  ResolvedOnrampOptions,
} from './types.js'
import { failureMessage, ONRAMP_MESSAGES } from './validation.js'

/** What the on-ramp uses of its sibling features, in the order of its `needs`. */
export type OnrampNeeds = readonly [
  connection: ConnectionInternal,
  network: NetworkInternal,
  balances: BalancesInternal,
  history: HistoryInternal,
  toast: ToastFeature,
]

/** The on-ramp's stores; the feature shows them on the client. */
export type OnrampStores = {
  $options: ReadableAtom<AsyncState<OnrampOptionsData>>
  $form: ReadableAtom<OnrampForm>
  $quote: ReadableAtom<AsyncState<OnrampQuote>>
  $purchase: ReadableAtom<OnrampPurchaseState>
  $purchases: ReadableAtom<AsyncState<readonly OnrampPurchaseItem[]>>
}

/** The on-ramp's actions; the feature shows them on the client. */
export type OnrampActions = {
  setAsset(assetId: string): void
  setPaymentCurrency(currency: string): void
  setPaymentMethod(method: string): void
  setAmount(amount: string): void
  setProvider(provider: OnrampProviderId): void
  refetch(): Promise<void>
  buy(popup?: OnrampWindow | null): Promise<OnrampPurchase>
  cancel(): void
  reset(): void
  refreshPurchases(): Promise<void>
}

export type OnrampEngine = { stores: OnrampStores; actions: OnrampActions; destroy(): void }

/** The storage key of the user's last payment currency, method and provider. */
export const ONRAMP_PREFERENCES_KEY = 'onramp_preferences'

/** A message event as the engine reads it. */
type MessageLike = { origin: string; source: unknown; data: unknown }

/** Listens to messages posted to this window; nothing where there is no window. */
function listenToMessages(handler: (event: MessageLike) => void): () => void {
  const target = globalThis as {
    addEventListener?: (type: 'message', listener: (event: MessageLike) => void) => void
    removeEventListener?: (type: 'message', listener: (event: MessageLike) => void) => void
  }
  if (typeof target.addEventListener !== 'function') return () => undefined
  target.addEventListener('message', handler)
  return () => target.removeEventListener?.('message', handler)
}

/**
 * Everything the on-ramp does, loaded the first time it is used: the options (with the built-in
 * list as fallback), the form and its checks, the debounced quote (with the estimate as
 * fallback), the purchase (the provider window, the provider's messages, the history polled every
 * 4 s for up to 3 minutes) and the account's purchases.
 */
export function createOnrampEngine(
  context: FeatureContext,
  options: ResolvedOnrampOptions,
  needs: OnrampNeeds,
  list: OnrampKitList,
): OnrampEngine {
  const [connection, network, balances, history, toast] = needs
  const kit = readKit(list)
  const {
    atom,
    computed,
    onMount,
    PorticoError,
    idleState,
    pendingState,
    successState,
    errorState,
    toPorticoError,
    isRecord,
    oneOf,
    parseCaipNetworkId,
  } = kit
  const { clock, logger } = context
  const validators = createOnrampValidators(kit)
  const api = createOnrampApi(context.api.blockchain, validators)
  const IDLE_PURCHASE: OnrampPurchaseState = { ...idleState<OnrampPurchase>(), phase: 'idle' }
  const error = (code: ExtraErrorCode, text: string, message: Message, details = {}) =>
    new PorticoError(code, text, { details: { ...details, message } })
  const preferences = (value: unknown) => {
    if (!isRecord(value)) return undefined
    const text = (v: unknown) => (typeof v === 'string' && /^[\w-]{1,64}$/.test(v) ? v : undefined)
    return {
      paymentCurrency: text(value.paymentCurrency),
      paymentMethod: text(value.paymentMethod),
      provider: oneOf<OnrampProviderId>(['coinbase', 'meld'])(value.provider),
    }
  }
  const restricted = isRestrictedTimeZone(currentTimeZone(), options.restrictedTimeZones)
  const stops: (() => void)[] = []

  // ── Options: the service's, or the built-in list on any error ─────────────────────────────
  const $options = atom<AsyncState<OnrampOptionsData>>(idleState())
  let optionsRequest: Promise<void> | undefined
  function loadOptions(): Promise<void> {
    optionsRequest ??= api
      .getOptions()
      .catch((cause: unknown) => {
        logger.warn('the on-ramp options could not be read: using the built-in list', cause)
        return ONRAMP_DEFAULT_OPTIONS
      })
      .then((data) => {
        optionsRequest = undefined
        $options.set(successState(data))
      })
    // `.value`, not `.get()`: reading a store nobody watches would mount it (and fetch).
    $options.set(pendingState($options.value ?? idleState()))
    return optionsRequest
  }
  onMount($options, () => {
    if ($options.value?.status === 'idle') void loadOptions()
  })

  // ── The form ─────────────────────────────────────────────────────────────────────────────
  const stored = context.storage.read(ONRAMP_PREFERENCES_KEY, preferences)
  const $choice = atom<OnrampChoice>({
    assetId: undefined,
    paymentCurrency: stored?.paymentCurrency ?? 'USD',
    paymentMethod: stored?.paymentMethod ?? 'card',
    amount: '',
    provider: stored?.provider,
  })
  const $form = computed([$options, $choice, network.$activeNetwork], (state, choice, active) =>
    buildOnrampForm(kit, { options: state.data, choice, caipNetworkId: active.id, restricted }),
  )
  function choose(next: Partial<OnrampChoice>, remember = false) {
    const choice = { ...$choice.get(), ...next }
    $choice.set(choice)
    if (remember) {
      context.storage.write(ONRAMP_PREFERENCES_KEY, {
        paymentCurrency: choice.paymentCurrency,
        paymentMethod: choice.paymentMethod,
        provider: choice.provider,
      })
    }
  }

  // ── The quote: asked 500 ms after the last change, only the latest answer counts ─────────
  const $quote = atom<AsyncState<OnrampQuote>>(idleState())
  let quoteKey = ''
  let quotedAt = Number.NEGATIVE_INFINITY
  let quoteTimer: ReturnType<typeof setTimeout> | undefined
  let quoteController: AbortController | undefined

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
      quote = estimateQuote(kit, {
        amount: form.amount,
        currency: paymentCurrency.id,
        symbol: asset.symbol,
        usdPrice: held?.price,
      })
    }
    if (key !== quoteKey) return
    quotedAt = clock.now()
    $quote.set(quote ? successState(quote) : idleState())
  }

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
      $quote.set(idleState())
      return
    }
    $quote.set(pendingState(idleState()))
    quoteTimer = setTimeout(() => void fetchQuote(form, key), ONRAMP_QUOTE_DEBOUNCE_MS)
  }
  stops.push($form.subscribe((form) => requote(form)))

  // ── The purchase ─────────────────────────────────────────────────────────────────────────
  const $purchase = atom<OnrampPurchaseState>(IDLE_PURCHASE)
  let attempts = 0
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
    const quote = $quote.get().data
    // The quote the user sees, while the service still keeps it; the devnet checkout takes
    // cards only, and a provider quotes other methods itself.
    const quoteId =
      quote && !quote.isEstimate && form.paymentMethod === 'card'
        ? clock.now() - quotedAt < ONRAMP_QUOTE_MAX_AGE_MS
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

  /** The provider page for an order, checked: an http(s) page, nothing a link could smuggle. */
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
              url: meldUrl(options.meldUrl ?? MELD_URL, order, options.meldPublicKey),
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
    const url = parseWalletLink(answer.url)
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      throw error(
        'INVALID_RESPONSE',
        'The provider page is not a web page',
        ONRAMP_MESSAGES.openFailed,
      )
    }
    return { url, sessionId: answer.sessionId }
  }

  /**
   * Follows a purchase until it completes or fails: the provider page's messages (from its
   * origin, and from the window the SDK opened: anything else is ignored) and the account's
   * on-ramp history, read every 4 s. A window closed with no purchase in sight ends it; after 3
   * minutes the user is told it is still processing.
   */
  function follow(parameters: {
    popup: OnrampWindow
    origin: string
    sessionId: string | undefined
    provider: OnrampProvider
    order: OnrampOrder
    caipNetworkId: string
    signal: AbortSignal
    onProcessing(): void
  }): Promise<OnrampPurchase> {
    const { popup, origin, sessionId, provider, order, caipNetworkId, signal } = parameters
    const address = order.address.toLowerCase()
    return new Promise((resolve, reject) => {
      let done = false
      let processing = false
      let baseline: Set<string> | undefined
      let pollTimer: ReturnType<typeof setTimeout> | undefined
      const end = () => {
        done = true
        clearTimeout(pollTimer)
        clearTimeout(deadline)
        stopListening()
        signal.removeEventListener('abort', onAbort)
      }
      const succeed = (purchase: OnrampPurchase) => {
        if (done) return
        end()
        resolve(purchase)
      }
      const fail = (reason: unknown) => {
        if (done) return
        end()
        reject(reason)
      }
      const failed = (code: string | undefined, id: string | undefined) =>
        fail(
          error('API_ERROR', 'The purchase failed', failureMessage(code), {
            reason: code ?? 'failed',
            provider: provider.id,
            ...(id ? { sessionId: id } : {}),
          }),
        )
      const markProcessing = () => {
        if (processing) return
        processing = true
        parameters.onProcessing()
      }
      const onAbort = () => fail(signal.reason)
      signal.addEventListener('abort', onAbort, { once: true })
      const deadline = setTimeout(
        () =>
          fail(
            error(
              'TIMEOUT',
              'The purchase was not confirmed within 3 minutes',
              ONRAMP_MESSAGES.timeout,
              { seconds: ONRAMP_POLL_TIMEOUT_MS / 1000 },
            ),
          ),
        ONRAMP_POLL_TIMEOUT_MS,
      )
      const stopListening = listenToMessages((event) => {
        if (event.origin !== origin || event.source !== popup) return
        const message = parseOnrampMessage(kit, event.data)
        if (!message || (sessionId !== undefined && message.sessionId !== sessionId)) return
        if (message.status === 'processing') markProcessing()
        else if (message.status === 'failed') failed(message.code, message.sessionId)
        else if (message.purchase.address.toLowerCase() === address) {
          succeed({
            provider: provider.id,
            sessionId: message.sessionId,
            ...message.purchase,
            caipNetworkId: message.purchase.caipNetworkId as OnrampPurchase['caipNetworkId'],
          })
        }
      })
      const poll = async () => {
        // Read before the request: a window closed after the purchase shows in this answer.
        const closed = popup.closed
        const items = await api
          .getPurchases(
            {
              address: order.address,
              provider: ONRAMP_HISTORY_PARAMETER[provider.id],
              chainId: caipNetworkId,
            },
            { signal },
          )
          .catch((cause: unknown) => {
            if (!done) logger.warn('could not read the on-ramp purchases', cause)
            return undefined
          })
        if (done) return
        if (items && !sessionId && !baseline) baseline = new Set(items.map((item) => item.id))
        else if (items) {
          const item = items.find((i) => (sessionId ? i.id === sessionId : !baseline?.has(i.id)))
          if (item?.status === 'confirmed') {
            return succeed({
              provider: provider.id,
              sessionId: item.id,
              asset: item.asset?.symbol ?? order.asset.symbol,
              amount: item.asset?.amount ?? '',
              caipNetworkId: item.caipNetworkId,
              address: order.address,
              hash: item.hash,
            })
          }
          if (item?.status === 'failed') return failed(undefined, item.id)
          if (item) markProcessing()
        }
        if (closed && !processing) {
          return fail(
            error(
              'ABORTED',
              'The provider window was closed before the purchase',
              ONRAMP_MESSAGES.windowClosed,
            ),
          )
        }
        pollTimer = setTimeout(() => void poll(), ONRAMP_POLL_INTERVAL_MS)
      }
      void poll()
    })
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
      const purchase = await follow({
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
      $purchase.set({ ...IDLE_PURCHASE, ...errorState(idleState(), failure), phase: 'error' })
      return Promise.reject(failure)
    }
    const popup = given === undefined ? kit.openOnrampWindow() : given
    if (!popup) {
      const failure = error(
        'UNKNOWN_ERROR',
        'The browser blocked the provider window',
        ONRAMP_MESSAGES.popupBlocked,
      )
      $purchase.set({ ...IDLE_PURCHASE, ...errorState(idleState(), failure), phase: 'error' })
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
    $purchase.set(IDLE_PURCHASE)
  }

  // Another account or no account: the purchase of the old one is no longer followed here.
  stops.push(connection.$address.listen(() => cancel()))

  // ── The account's purchases (OnRampActivity) ─────────────────────────────────────────────
  const $purchases = atom<AsyncState<readonly OnrampPurchaseItem[]>>(idleState())
  let purchasesRun = 0
  async function refreshPurchases(): Promise<void> {
    const form = $form.get()
    const address = connection.get(form.namespace).address
    const mine = ++purchasesRun
    if (!address) {
      $purchases.set(idleState())
      return
    }
    $purchases.set(pendingState($purchases.value ?? idleState()))
    try {
      const pages = await Promise.all(
        form.providers.map((provider) =>
          api.getPurchases({
            address,
            provider: ONRAMP_HISTORY_PARAMETER[provider.id],
            chainId: form.caipNetworkId,
          }),
        ),
      )
      const items = pages.flat().sort((a, b) => Date.parse(b.minedAt) - Date.parse(a.minedAt))
      if (mine === purchasesRun) $purchases.set(successState(items))
    } catch (cause) {
      if (mine === purchasesRun)
        $purchases.set(errorState($purchases.value ?? idleState(), toPorticoError(cause)))
    }
  }
  onMount($purchases, () =>
    connection.$caipAddress.subscribe(() => {
      void refreshPurchases()
    }),
  )

  function destroy() {
    for (const stop of stops.splice(0)) stop()
    clearTimeout(quoteTimer)
    quoteController?.abort()
    cancel()
  }

  return {
    stores: { $options, $form, $quote, $purchase, $purchases },
    actions: {
      setAsset: (assetId) => choose({ assetId }),
      setPaymentCurrency: (paymentCurrency) => choose({ paymentCurrency }, true),
      setPaymentMethod: (paymentMethod) => choose({ paymentMethod }, true),
      setAmount: (amount) => choose({ amount }),
      setProvider: (provider) => choose({ provider }, true),
      async refetch() {
        await loadOptions()
        requote($form.get(), true)
      },
      buy,
      cancel,
      reset() {
        cancel()
        $purchase.set(IDLE_PURCHASE)
        choose({ amount: '' })
      },
      refreshPurchases,
    },
    destroy,
  }
}
