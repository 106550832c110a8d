import type { CaipNetworkId } from '../caip/index.js'
import { errorMessage, formatDecimal } from '../kit.js'
import type { Message } from '../messages/types.js'
import type { ApiTransaction } from './api.js'
import type { SwapBase } from './base.js'
import {
  SWAP_MESSAGES,
  SWAP_TOAST_APPROVED,
  SWAP_TOAST_DECLINED,
  SWAP_TOAST_SWAPPED,
} from './messages.js'
import type { createQuotes } from './quotes.js'
import { knownRouters } from './routers.js'
import { isNativeAddress, sameToken } from './tokens.js'
import { SWAP_GAS_ESTIMATE, SWAP_WALLET_TIMEOUT_MS } from './tuning.js'
import type { SwapPreview, SwapToken, SwapTransaction } from './types.js'
import { checkApproval, checkSwap } from './verify.js'

/** The chain-local address of a CAIP-10 one. */
const addressOf = (caipAddress: string) => caipAddress.split(':')[2] ?? ''

/**
 * The review and the two transactions: the approval when the router may not spend enough of the
 * source token yet, then the swap. Each is handed to the wallet with a deadline and waited on
 * until mined; a failure is told in a toast and says why.
 */
export function createReview(
  base: SwapBase,
  quotes: ReturnType<typeof createQuotes>,
  checkDecimals: (tokens: readonly SwapToken[]) => Promise<void>,
) {
  const { stores, kit, api, math, problems, connection, network, toast, balances, history } = base
  const { PorticoError } = kit
  const { $state, $errors } = stores

  /** The connected account, its wallet's transactions, and the chain, which must be the form's. */
  function wallet(chainId: CaipNetworkId) {
    const user = base.account()
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

  /** Only the approval of exactly `amountIn` of the token sold, for a known router, is kept. */
  function approvalOf(built: ApiTransaction, source: SwapToken, amountIn: bigint): SwapTransaction {
    if (!sameToken({ address: built.from }, source)) {
      throw new PorticoError('INVALID_RESPONSE', 'The approval is not for the token being sold')
    }
    const approval = { to: addressOf(source.address), data: built.data, value: 0n, gas: undefined }
    checkApproval(approval, {
      routers: knownRouters(source.chainId, base.routers),
      amount: amountIn,
    })
    return approval
  }

  async function buildPreview(): Promise<SwapPreview> {
    const quote = await quotes.quoteNow()
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
    await checkDecimals([source, target])
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
          approval: approvalOf(built, source, amountIn),
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
      const minimumOut = math.minimumOut(amountOut, slippage)
      // The build may pay less than the quote (the price moved), never below what the quote
      // allowed with the user's slippage: else the review would show a figure the form did not.
      if (amountOut < math.minimumOut(quote.amountOut, slippage)) {
        throw new PorticoError(
          'SWAP_TRANSACTION_REFUSED',
          'The swap pays less than the quote allows',
          {
            details: { reason: 'minimum' },
          },
        )
      }
      const transaction: SwapTransaction = {
        to: addressOf(built.to),
        data: built.data,
        // The answer has no value: selling the native token sends the amount itself.
        value: isNativeAddress(source.address) ? amountIn : 0n,
        gas: built.gas,
      }
      const local = (token: SwapToken) =>
        isNativeAddress(token.address) ? undefined : addressOf(token.address)
      checkSwap(transaction, {
        routers: knownRouters(source.chainId, base.routers),
        user: user.address,
        source: local(source),
        target: local(target),
        amountIn,
        minimumOut,
      })
      return {
        quote,
        approval: undefined,
        transaction,
        targetAmount: formatDecimal(amountOut, target.decimals),
        minimumReceived: formatDecimal(minimumOut, target.decimals),
        networkFee: math.networkFee(
          built.gas ?? SWAP_GAS_ESTIMATE,
          built.gasPrice ?? quote.gasPrice,
          base.nativeToken(source.chainId),
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
    await preview.run().catch((error) => base.logger.warn('the swap could not be built', error))
    return hash
  }, stores.$approve)

  const swap = kit.createAsyncAction(async () => {
    const review = reviewed()
    if (!review.transaction) throw new PorticoError('INVALID_INPUT', 'The approval comes first')
    const { source, target, sourceAmount } = review.quote
    const hash = await sendStep(review.transaction, source.chainId)
    toast.showSuccess({
      key: SWAP_TOAST_SWAPPED,
      params: { amount: sourceAmount, source: source.symbol, target: target.symbol },
    })
    base.patch({ amount: '' })
    void balances.refreshNativeBalance({ force: true })
    void balances.fetchTokenBalances({ forceUpdate: true })
    void history.refresh()
    return hash
  }, stores.$swap)

  return { preview, approve, swap }
}
