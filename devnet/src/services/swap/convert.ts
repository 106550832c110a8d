import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  maxUint256,
} from 'viem'
import { assetAddress, assetAt, assetInfo } from '../../chains/evm/assets.js'
import { NATIVE_CURRENCY } from '../../chains/evm/constants.js'
import type { ChainReader } from '../../chains/evm/reader.js'
import { ROUTING_HUBS, SWAP_POOLS, type SwapAsset } from '../../chains/evm/tokens.js'
import type { DevnetSwap, DevnetTokens } from '../../chains/evm/types.js'
import { uniswapV2RouterAbi } from '../../chains/evm/uniswap.js'
import type { AssetRef } from './params.js'
import { bestRoute, candidatePaths, type Route, type RouteProblem } from './routing.js'
import { listSwapTokens } from './swapTokens.js'

export type { SwapToken } from './swapTokens.js'

/** How long a built swap stays valid: its deadline is the chain's time plus this. */
export const SWAP_DEADLINE_SECONDS = 20 * 60

/**
 * What the hosted service adds to a gas estimate (it multiplies its provider's by 1.1), so a
 * transaction estimated a block earlier still fits.
 */
const GAS_MARGIN_PERCENT = 110n

/**
 * Gas a pair may spend that an estimate does not see. A pair writes its two price accumulators
 * on its first swap in a new block time, and an estimate made at a time the pair already traded
 * in skips those writes (seen on anvil: a swap sent without a limit ran out of gas in the pair).
 * Two storage writes from zero cost 2 × 22 100.
 */
const PAIR_ORACLE_GAS = 45_000n

/**
 * The gas a swap gets when the caller turns the estimate off (`disableEstimate`): more than
 * Router02 uses (measured: about 135 000 for one hop, 180 000 for two, oracle writes included),
 * since nothing checks it.
 */
export function fallbackSwapGas(hops: number): bigint {
  return 100_000n + 150_000n * BigInt(hops)
}

/** A refusal the routes answer with a 400 and this message (the hosted service's wording). */
export class SwapError extends Error {}

export type SwapServiceOptions = {
  readers: ReadonlyMap<number, ChainReader>
  tokens: Readonly<Record<number, DevnetTokens>>
  swap: Readonly<Record<number, DevnetSwap>>
}

export type Quote = { route: Route; amountIn: bigint; amountOut: bigint }

export type BuiltSwap = {
  from: Address
  to: Address
  data: Hex
  /** Native value the transaction must carry (the amount when selling ETH), in wei. */
  value: bigint
  amountOut: bigint
  amountOutMin: bigint
  deadline: bigint
  gas: bigint
  gasPrice: bigint
  route: Route
}

export type GasPrices = { standard: bigint; fast: bigint; instant: bigint }

/**
 * The swap backend: quotes, swaps and approvals for Uniswap V2's Router02 on the devnet chains
 * the API serves, everything read from the chain when asked.
 */
export function createSwapService(options: SwapServiceOptions) {
  function chainParts(chainId: number) {
    const reader = options.readers.get(chainId)
    const tokens = options.tokens[chainId]
    const swap = options.swap[chainId]
    if (!reader || !tokens || !swap) throw new SwapError('Network not supported for Swaps')
    return { reader, tokens, swap, client: reader.client }
  }

  /** The address that stands for an asset inside the pairs (WETH for the native token). */
  function pathToken(asset: AssetRef, swap: DevnetSwap): Address {
    return asset.native ? swap.weth : asset.address
  }

  /** The message for a trade no route can carry; it starts as the hosted service's does. */
  function describe(problem: RouteProblem, pair: [Address, Address], chainId: number): string {
    const { tokens, swap } = chainParts(chainId)
    const [a, b] = pair.map((address) => assetAt(address, tokens, swap))
    const symbol = (asset: SwapAsset | undefined, i: number) =>
      asset ? assetInfo(asset).symbol : (pair[i] as string)
    const seeded = SWAP_POOLS.find(
      (p) => (p.base === a && p.quote === b) || (p.base === b && p.quote === a),
    )
    const pool = seeded?.label ?? `${symbol(a, 0)}/${symbol(b, 1)}`
    switch (problem) {
      case 'no-pool':
        return `insufficient liquidity: no pool route from ${symbol(a, 0)} to ${symbol(b, 1)}`
      case 'empty-pool':
        return `insufficient liquidity: the ${pool} pool is empty`
      case 'too-large':
        return `insufficient liquidity: the amount is more than the ${pool} pool can take`
      case 'too-small':
        return `insufficient liquidity: the amount is too small to buy any ${symbol(b, 1)}`
    }
  }

  /** The best route for selling `amountIn` of `from` for `to` (both on one chain). */
  async function quote(from: AssetRef, to: AssetRef, amountIn: bigint): Promise<Quote> {
    const { client, swap, tokens } = chainParts(from.chainId)
    const tokenIn = pathToken(from, swap)
    const tokenOut = pathToken(to, swap)
    if (tokenIn.toLowerCase() === tokenOut.toLowerCase()) {
      throw new SwapError('`from` and `to` must be different tokens')
    }
    const result = await bestRoute(
      { client, router: swap.router, factory: swap.factory },
      amountIn,
      candidatePaths(
        tokenIn,
        tokenOut,
        ROUTING_HUBS.map((asset) => assetAddress(asset, tokens, swap)),
      ),
    )
    if (!result.ok) throw new SwapError(describe(result.problem, result.pair, from.chainId))
    const amountOut = result.route.amounts.at(-1) ?? 0n
    return { route: result.route, amountIn, amountOut }
  }

  /** What Router02 may spend of `user`'s token; the native token needs no approval. */
  async function allowance(token: AssetRef, user: Address): Promise<bigint> {
    const { client, swap } = chainParts(token.chainId)
    if (token.native) return maxUint256
    try {
      return await client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user, swap.router],
      })
    } catch {
      throw new SwapError(`token eip155:${token.chainId}:${token.address} is not supported`)
    }
  }

  /** The chain's gas price now, with one and two priority tips added for `fast` and `instant`. */
  async function gasPrices(chainId: number): Promise<GasPrices> {
    const parts = options.readers.get(chainId)
    if (!parts) throw new SwapError('Network not supported for Gas Price')
    const client = parts.client
    const [standard, tip] = await Promise.all([
      client.getGasPrice(),
      client.estimateMaxPriorityFeePerGas(),
    ])
    return { standard, fast: standard + tip, instant: standard + 2n * tip }
  }

  /** `approve(router, amount)` calldata for `token` (unlimited when no amount is given). */
  async function buildApprove(token: AssetRef, amount: bigint | undefined) {
    const { client, swap } = chainParts(token.chainId)
    if (token.native) throw new SwapError('the native token needs no approval')
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [swap.router, amount ?? maxUint256],
    })
    return { data, gasPrice: await client.getGasPrice() }
  }

  /**
   * A Router02 swap of exactly `amountIn` for at least the quote less `slippage` percent, to the
   * user, valid for 20 minutes of chain time. Unless `disableEstimate`, it checks the user's
   * balance and allowance (the hosted service's provider refuses without them) and estimates
   * the gas from the chain.
   */
  async function buildSwap(request: {
    from: AssetRef
    to: AssetRef
    user: Address
    amountIn: bigint
    slippage: number
    disableEstimate: boolean
  }): Promise<BuiltSwap> {
    const { client, swap } = chainParts(request.from.chainId)
    const { route, amountOut } = await quote(request.from, request.to, request.amountIn)
    const amountOutMin = (amountOut * BigInt(100 - request.slippage)) / 100n
    const block = await client.getBlock({ blockTag: 'latest' })
    const deadline = block.timestamp + BigInt(SWAP_DEADLINE_SECONDS)
    const { path } = route
    const data = request.from.native
      ? encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactETHForTokens',
          args: [amountOutMin, path, request.user, deadline],
        })
      : encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: request.to.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [request.amountIn, amountOutMin, path, request.user, deadline],
        })
    const value = request.from.native ? request.amountIn : 0n

    let gas = fallbackSwapGas(path.length - 1)
    if (!request.disableEstimate) {
      await checkFunds(request.from, request.user, request.amountIn, swap)
      try {
        const estimate = await client.estimateGas({
          account: request.user,
          to: swap.router,
          data,
          value,
        })
        const hops = BigInt(path.length - 1)
        gas = (estimate * GAS_MARGIN_PERCENT + 99n) / 100n + PAIR_ORACLE_GAS * hops
      } catch (error) {
        throw new SwapError(`cannot estimate the swap's gas: ${revertReason(error)}`)
      }
    }
    return {
      from: request.user,
      to: swap.router,
      data,
      value,
      amountOut,
      amountOutMin,
      deadline,
      gas,
      gasPrice: await client.getGasPrice(),
      route,
    }
  }

  async function checkFunds(from: AssetRef, user: Address, amount: bigint, swap: DevnetSwap) {
    const { client, tokens } = chainParts(from.chainId)
    const asset = assetAt(from.address, tokens, swap)
    const info = from.native
      ? { symbol: NATIVE_CURRENCY.symbol, decimals: NATIVE_CURRENCY.decimals }
      : asset
        ? assetInfo(asset)
        : undefined
    const shown = (units: bigint) =>
      info ? `${formatUnits(units, info.decimals)} ${info.symbol}` : `${units} units`
    const balance = from.native
      ? await client.getBalance({ address: user })
      : await client
          .readContract({
            address: from.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [user],
          })
          .catch(() => {
            throw new SwapError(`token eip155:${from.chainId}:${from.address} is not supported`)
          })
    if (balance < amount) {
      throw new SwapError(
        `Not enough balance: the swap needs ${shown(amount)}, the account holds ${shown(balance)}`,
      )
    }
    if (from.native) return
    const allowed = await allowance(from, user)
    if (allowed < amount) {
      throw new SwapError(
        `Not enough allowance: the swap needs ${shown(amount)}, the router (spender ${swap.router}) may spend ${shown(allowed)}`,
      )
    }
  }

  /** The tokens a swap can use on the chain (see listSwapTokens). */
  const listTokens = (chainId: number, logoUri: (symbol: string) => string) =>
    listSwapTokens(chainParts(chainId), chainId, logoUri)

  return { quote, listTokens, allowance, gasPrices, buildApprove, buildSwap }
}

/** The revert reason viem found, else its short message. */
function revertReason(error: unknown): string {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
    if (reverted instanceof ContractFunctionRevertedError && reverted.reason) return reverted.reason
    const details = (error as BaseError).details
    return details || error.shortMessage
  }
  return String(error)
}
