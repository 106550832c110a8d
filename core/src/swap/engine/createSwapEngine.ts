import type { CaipNetworkId } from '../../caip/index.js'
import type { AsyncState } from '../../kernel/async.js'
import type { FeatureContext } from '../../kernel/feature.js'
import type { Message } from '../../messages/types.js'
import type { SwapAtoms, SwapEngine, SwapKit, SwapNeeds } from '../kit.js'
import type { SwapPreview, SwapQuote, SwapState, SwapToken, SwapTransaction } from '../types.js'
import { type ApiSwapToken, type ApiTransaction, createSwapApi } from './api.js'
import {
  APPROVAL_GAS_ESTIMATE,
  QUOTE_DEBOUNCE_MS,
  SWAP_GAS_ESTIMATE,
  SWAP_WALLET_TIMEOUT_MS,
} from './constants.js'
import {
  SWAP_MESSAGES,
  SWAP_TOAST_APPROVED,
  SWAP_TOAST_DECLINED,
  SWAP_TOAST_SWAPPED,
} from './messages.js'
import { createProblems } from './problems.js'
import { createQuoteMath, gasReserve, maxSwappable, type NativeToken } from './quote.js'
import { buildTokenLists, isNativeAddress, sameToken } from './tokens.js'

export type SwapEngineParameters = {
  context: FeatureContext
  stores: SwapAtoms
  /** CAIP-2 ids of the swap networks. */
  networks: readonly string[]
  needs: SwapNeeds
  kit: SwapKit
}

/** An ERC-20 `approve(address,uint256)` call starts with this selector. */
const APPROVE_SELECTOR = '0x095ea7b3'

// The async states the engine writes (the kernel's helpers stay in the page's first chunk).
const idle = <T>(): AsyncState<T> => ({
  status: 'idle',
  data: undefined,
  error: undefined,
  isPending: false,
})
const waiting = <T>(): AsyncState<T> => ({
  status: 'pending',
  data: undefined,
  error: undefined,
  isPending: true,
})
const done = <T>(data: T): AsyncState<T> => ({
  status: 'success',
  data,
  error: undefined,
  isPending: false,
})

/** A store's value without mounting it (every swap store is an atom made with its first value). */
const peek = <T>(store: { readonly value: T | undefined }): T => store.value as T

/** What a quote was asked for: the same form (with fresher balances) keeps its quote. */
const inputsOf = (state: SwapState) =>
  [state.source?.address, state.target?.address, state.amount.trim(), state.slippage]
    .join('|')
    .toLowerCase()

/** The chain-local address of a CAIP-10 one. */
const addressOf = (caipAddress: string) => caipAddress.split(':')[2] ?? ''

/**
 * The swap's behaviour: the token lists, quotes, the review and the two transactions. Created
 * once per client, the first time the swap is used; it writes the stores of the light part.
 */
export function createSwapEngine({
  context,
  stores,
  networks: networkList,
  needs,
  kit,
}: SwapEngineParameters): SwapEngine {
  const { PorticoError, parseDecimal, formatDecimal, errorMessage } = kit
  const { checkFunds, minimumOut, networkFee, priceImpact, readSwapAmount, swapRate } =
    createQuoteMath(kit)
  const connection = context.use(needs[0])
  const network = context.use(needs[1])
  const balances = context.use(needs[2])
  const history = context.use(needs[3])
  const toast = context.use(needs[4])
  // $tokens and $quote are read through `.value`, never `.get()`: on a store nothing listens to,
  // nanostores' get() mounts it for a moment, which would start watching it again (a quote asked
  // for a form nobody shows, right as the view closes).
  const { $state, $tokens, $quote, $errors } = stores
  const { logger } = context
  const networks = new Set(networkList)
  const api = createSwapApi(context.api.blockchain, networks, kit)
  const problems = createProblems(kit)
  const patch = (next: Partial<SwapState>) => $state.set({ ...$state.get(), ...next })
  const failed = <T>(cause: unknown): AsyncState<T> => ({
    status: 'error',
    data: undefined,
    error: problems.asError(cause),
    isPending: false,
  })

  /** The chain swaps happen on: the wallet's, else the app's EVM network; undefined off the list. */
  function currentChain(): CaipNetworkId | undefined {
    const chain = network.$walletChains.get().eip155 ?? network.$activeNetworks.get().eip155?.id
    return chain && networks.has(chain) ? chain : undefined
  }

  function account() {
    const { address, caipAddress } = connection.get('eip155')
    return address && caipAddress ? { address, caipAddress } : undefined
  }

  function nativeToken(chainId: CaipNetworkId): NativeToken {
    const currency = network.find(chainId)?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
    const listed = peek($tokens).data?.tokens.find((token) => isNativeAddress(token.address))
    return {
      symbol: currency.symbol,
      decimals: currency.decimals,
      price: listed?.chainId === chainId ? listed.price : 0,
    }
  }

  /** The wallet's native balance on `chainId`, when known. */
  function nativeBalance(chainId: CaipNetworkId): bigint | undefined {
    const held = balances.$nativeBalance.get().data
    if (!held || network.$walletChains.get().eip155 !== chainId) return undefined
    return parseDecimal(held.balance, nativeToken(chainId).decimals)
  }

  // ── Tokens ───────────────────────────────────────────────────────────────────────────────
  let listed: { chainId: string; tokens: ApiSwapToken[]; prices: Map<string, number> } = {
    chainId: '',
    tokens: [],
    prices: new Map(),
  }
  let tokenRequest = 0

  /** The lists again (new balances or prices); the form's tokens follow, the native one by default. */
  function publishTokens() {
    const chainId = currentChain()
    if (!chainId || listed.chainId !== chainId) return
    const lists = buildTokenLists({
      chainId,
      tokens: listed.tokens,
      prices: listed.prices,
      balances: balances.$tokenBalances.get().data,
    })
    $tokens.set(done(lists))
    const fresh = (token: SwapToken | undefined) =>
      token && lists.tokens.find((candidate) => sameToken(candidate, token))
    const { source, target } = $state.get()
    patch({
      source: fresh(source) ?? source ?? lists.tokens.find((t) => isNativeAddress(t.address)),
      target: fresh(target) ?? target,
    })
  }

  async function loadTokens(chainId: CaipNetworkId | undefined) {
    const mine = ++tokenRequest
    if (!chainId) {
      $tokens.set(failed(new PorticoError('SWAP_NETWORK_NOT_SUPPORTED')))
      return
    }
    const known = listed.chainId === chainId ? peek($tokens).data : undefined
    $tokens.set({ ...waiting(), data: known })
    try {
      const tokens = await api.getTokens(chainId)
      // Prices make the figures richer; without them the list still works.
      const prices = await api.getPrices(tokens.map((token) => token.address)).catch((error) => {
        logger.warn('swap token prices are unavailable', error)
        return new Map<string, number>()
      })
      if (mine !== tokenRequest) return
      listed = { chainId, tokens, prices }
      publishTokens()
    } catch (error) {
      if (mine !== tokenRequest) return
      logger.error('the swap tokens could not be loaded', error)
      $tokens.set({ ...failed(problems.apiProblem(error, '')), data: known })
    }
  }

  /** The form's tokens belong to one chain: on another chain they go. */
  function followChain(chainId: CaipNetworkId | undefined) {
    const { source, target } = $state.get()
    if ((source && source.chainId !== chainId) || (target && target.chainId !== chainId)) {
      patch({ source: undefined, target: undefined, amount: '' })
    }
  }

  function watchTokens(): () => void {
    let chain = currentChain()
    followChain(chain)
    if (listed.chainId !== chain || peek($tokens).status !== 'success') void loadTokens(chain)
    const onChain = () => {
      const next = currentChain()
      if (next === chain) return
      chain = next
      followChain(chain)
      void loadTokens(chain)
    }
    const stops = [
      network.$walletChains.listen(onChain),
      network.$activeNetworks.listen(onChain),
      // Subscribing is what fetches the balances too (they load on use).
      balances.$tokenBalances.subscribe(publishTokens),
    ]
    return () => {
      tokenRequest++ // an answer for a list nobody shows is dropped
      for (const stop of stops) stop()
    }
  }

  // ── Quotes ───────────────────────────────────────────────────────────────────────────────
  let quoteWatchers = 0
  let quoteRequest = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let controller: AbortController | undefined
  let quotedInputs = ''

  function cancelQuote() {
    quoteRequest++
    clearTimeout(timer)
    controller?.abort()
  }
  context.onDestroy(cancelQuote)

  /** Checks the amount on its own, and the funds once the quote's fee is known. */
  function checkAmount(quote?: SwapQuote): bigint | undefined {
    const { source, amount } = $state.get()
    const read = source ? readSwapAmount(amount, source.decimals) : undefined
    if (!source || !read || 'message' in read) {
      $errors.set(read && 'message' in read ? { amount: read.message } : {})
      return undefined
    }
    const funds = checkFunds({
      amountIn: read.value,
      source,
      sourceIsNative: isNativeAddress(source.address),
      nativeBalance: nativeBalance(source.chainId),
      fee: quote?.networkFee.value ?? 0n,
      nativeSymbol: nativeToken(source.chainId).symbol,
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
    const user = account()
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
        rate: swapRate(amountIn, amountOut, source.decimals, target.decimals),
        priceImpact: priceImpact(amountIn, source, amountOut, target),
        minimumReceived: formatDecimal(minimumOut(amountOut, slippage), target.decimals),
        gasPrice: gas.standard,
        networkFee: networkFee(gasUnits, gas.standard, nativeToken(source.chainId)),
        needsApproval,
      }
    } catch (error) {
      throw problems.apiProblem(error, source.symbol)
    }
  }

  /** The form's quote now (no wait); undefined when the form is not complete or not valid. */
  async function quoteNow(): Promise<SwapQuote | undefined> {
    cancelQuote()
    const mine = quoteRequest
    const state = $state.get()
    const amountIn = checkAmount()
    const { source, target, slippage } = state
    quotedInputs = inputsOf(state)
    if (!source || !target || amountIn === undefined) {
      $quote.set(idle())
      return undefined
    }
    const abort = new AbortController()
    controller = abort
    $quote.set(waiting())
    try {
      const quote = await fetchQuote(source, target, amountIn, slippage, abort.signal)
      if (mine === quoteRequest) {
        $quote.set(done(quote))
        checkAmount(quote)
      }
      return quote
    } catch (error) {
      if (mine === quoteRequest) $quote.set(failed(error))
      throw problems.asError(error)
    }
  }

  /** A quote for the form once it has been still for a moment, while something shows it. */
  function scheduleQuote() {
    cancelQuote()
    const mine = quoteRequest
    const state = $state.get()
    const amountIn = checkAmount()
    quotedInputs = ''
    if (!state.source || !state.target || amountIn === undefined || quoteWatchers === 0) {
      $quote.set(idle())
      return
    }
    $quote.set(waiting())
    timer = setTimeout(() => {
      if (mine === quoteRequest) quoteNow().catch(() => undefined)
    }, QUOTE_DEBOUNCE_MS)
  }

  // ── The review and the transactions ──────────────────────────────────────────────────────
  /** The connected account, its wallet's transactions, and the chain, which must be the form's. */
  function wallet(chainId: CaipNetworkId) {
    const user = account()
    const active = connection.getActive('eip155')
    const transactions = active?.adapter.transactions
    if (!user || !active || !transactions) throw new PorticoError('NO_ACTIVE_CAIP_ADDRESS')
    const target = network.find(chainId)
    if (!target) throw new PorticoError('UNSUPPORTED_CHAIN')
    if (network.$walletChains.get().eip155 !== chainId) {
      throw new PorticoError('INVALID_INPUT', 'The wallet is on another network than the swap', {
        details: { message: SWAP_MESSAGES.wrongNetwork },
      })
    }
    return { user, active, transactions, target }
  }

  function approvalOf(built: ApiTransaction, source: SwapToken): SwapTransaction {
    // The approval goes to the token being sold and only approves: anything else an answer
    // might hold is never handed to the wallet.
    if (
      !sameToken({ address: built.from }, source) ||
      !built.data.toLowerCase().startsWith(APPROVE_SELECTOR)
    ) {
      throw new PorticoError('INVALID_RESPONSE', 'The approval is not for the token being sold')
    }
    return { to: addressOf(source.address), data: built.data, value: 0n, gas: undefined }
  }

  async function buildPreview(): Promise<SwapPreview> {
    const quote = await quoteNow()
    const { slippage } = $state.get()
    const problem: Message | undefined = $errors.get().amount
    if (problem) {
      throw new PorticoError('INVALID_INPUT', 'The swap form is not valid', {
        details: { message: problem },
      })
    }
    if (!quote) {
      throw new PorticoError('INVALID_INPUT', 'Choose two tokens and an amount', {
        details: { message: SWAP_MESSAGES.incomplete },
      })
    }
    const { source, target, amountIn } = quote
    const { user } = wallet(source.chainId)
    try {
      if (quote.needsApproval) {
        const built = await api.buildApprove({
          from: source.address,
          to: target.address,
          userAddress: user.caipAddress,
          amount: amountIn,
        })
        return {
          quote,
          approval: approvalOf(built, source),
          transaction: undefined,
          targetAmount: quote.targetAmount,
          minimumReceived: quote.minimumReceived,
          networkFee: quote.networkFee,
        }
      }
      const built = await api.buildTransaction({
        amount: amountIn,
        from: source.address,
        to: target.address,
        userAddress: user.caipAddress,
        slippage,
        disableEstimate: false,
      })
      if (built.from.toLowerCase() !== user.caipAddress.toLowerCase()) {
        throw new PorticoError('INVALID_RESPONSE', 'The swap was built for another account')
      }
      const amountOut = built.amount ?? quote.amountOut
      return {
        quote,
        approval: undefined,
        transaction: {
          to: addressOf(built.to),
          data: built.data,
          // The answer has no value: selling the native token sends the amount itself.
          value: isNativeAddress(source.address) ? amountIn : 0n,
          gas: built.gas,
        },
        targetAmount: formatDecimal(amountOut, target.decimals),
        minimumReceived: formatDecimal(minimumOut(amountOut, slippage), target.decimals),
        networkFee: networkFee(
          built.gas ?? SWAP_GAS_ESTIMATE,
          built.gasPrice ?? quote.gasPrice,
          nativeToken(source.chainId),
        ),
      }
    } catch (error) {
      throw problems.apiProblem(error, source.symbol)
    }
  }
  const preview = kit.createAsyncAction(buildPreview, stores.$preview)

  /** Hands one transaction to the wallet (no longer than its deadline) and waits until mined. */
  async function send(transaction: SwapTransaction, chainId: CaipNetworkId): Promise<string> {
    const { user, active, transactions, target } = wallet(chainId)
    const seconds = SWAP_WALLET_TIMEOUT_MS / 1_000
    const hash = await kit.withDeadline(
      transactions.sendTransaction(
        active.connector,
        { from: user.address, ...transaction },
        target,
      ),
      {
        timeoutMs: SWAP_WALLET_TIMEOUT_MS,
        onTimeout: () =>
          new PorticoError(
            'WALLET_TIMEOUT',
            `The wallet did not answer the transaction request in ${seconds} s`,
            { details: { request: 'transaction', seconds } },
          ),
      },
    )
    const receipt = await transactions.waitForTransaction(hash, target)
    if (receipt.status !== 'success') {
      throw new PorticoError('WALLET_ERROR', 'The transaction failed on chain', {
        details: { hash, ...(receipt.reason ? { reason: receipt.reason } : {}) },
      })
    }
    return hash
  }

  /** The review the user saw; it is dropped whenever the form, account or chain changes. */
  function reviewed(): SwapPreview {
    const review = stores.$preview.get().data
    if (!review) throw new PorticoError('INVALID_INPUT', 'Review the swap first')
    return review
  }

  /** Sends a transaction of the review; a failure is told in a toast and says why. */
  async function sendStep(transaction: SwapTransaction, chainId: CaipNetworkId) {
    try {
      return await send(transaction, chainId)
    } catch (cause) {
      const error = problems.transactionProblem(cause, $state.get().slippage)
      toast.showError(
        error.code === 'USER_REJECTED' ? { key: SWAP_TOAST_DECLINED } : errorMessage(error),
      )
      throw error
    }
  }

  const approve = kit.createAsyncAction(async () => {
    const review = reviewed()
    if (!review.approval) throw new PorticoError('INVALID_INPUT', 'Nothing to approve')
    const { source } = review.quote
    const hash = await sendStep(review.approval, source.chainId)
    toast.showSuccess({ key: SWAP_TOAST_APPROVED, params: { symbol: source.symbol } })
    // The router may now spend the amount: the swap itself can be built.
    await preview.run().catch((error) => logger.warn('the swap could not be built', error))
    return hash
  }, stores.$approve)

  const swap = kit.createAsyncAction(async () => {
    const review = reviewed()
    if (!review.transaction) throw new PorticoError('INVALID_INPUT', 'The approval comes first')
    const { source, target, sourceAmount } = review.quote
    const hash = await sendStep(review.transaction, source.chainId)
    toast.showSuccess({
      key: SWAP_TOAST_SWAPPED,
      params: {
        amount: sourceAmount,
        source: source.symbol,
        target: target.symbol,
      },
    })
    patch({ amount: '' })
    void balances.refreshNativeBalance({ force: true })
    void balances.fetchTokenBalances({ forceUpdate: true })
    void history.refresh()
    return hash
  }, stores.$swap)

  // A new form (tokens, amount, slippage) needs a new quote and a new review; the same form with
  // fresher balances only needs its checks again.
  context.onDestroy(
    $state.listen((state) => {
      if (inputsOf(state) === quotedInputs) {
        checkAmount(peek($quote).data)
        return
      }
      preview.reset()
      scheduleQuote()
    }),
  )
  // Another account or chain: another allowance and balance. The review is dropped, never sent,
  // and the quote is forgotten: asked again now when shown, or when next shown (not kept as the
  // form's quote, which it was for the other account).
  context.onDestroy(
    connection.$caipAddress.listen(() => {
      preview.reset()
      scheduleQuote()
    }),
  )

  function watchQuote(): () => void {
    quoteWatchers++
    if (peek($quote).status !== 'success' || inputsOf($state.get()) !== quotedInputs) {
      scheduleQuote()
    }
    return () => {
      quoteWatchers--
      if (quoteWatchers > 0) return
      // Nobody looks: the wait and the request stop.
      cancelQuote()
      if (peek($quote).status === 'pending') $quote.set(idle())
    }
  }

  const same = (a?: SwapToken, b?: SwapToken) => sameToken(a, b)

  return {
    watch: (store) => (store === '$quote' ? watchQuote() : watchTokens()),
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
      if (!kit.isSlippage(percent)) {
        throw new PorticoError(
          'INVALID_INPUT',
          `The slippage must be a whole percent from 0 to 50 (got ${percent})`,
        )
      }
      patch({ slippage: percent })
    },
    refreshQuote: () => quoteNow().then(() => undefined),
    preview: preview.run,
    approve: approve.run,
    swap: swap.run,
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
