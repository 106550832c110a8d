import {
  type Address,
  createPublicClient,
  createWalletClient,
  formatUnits,
  type Hex,
  http,
  parseEventLogs,
  parseUnits,
} from 'viem'
import { DevnetToken } from '../../../contracts/out/artifacts.js'
import { assetAddress, assetInfo } from '../../chains/evm/assets.js'
import { SWAP_POOLS, type SwapAsset } from '../../chains/evm/tokens.js'
import type { DevnetChain, DevnetSwap, DevnetTokens } from '../../chains/evm/types.js'
import { uniswapV2PairAbi, uniswapV2RouterAbi } from '../../chains/evm/uniswap.js'
import { toViemChain } from '../../chains/evm/viemChain.js'
import { SWAP_DEADLINE_SECONDS } from './convert.js'

export type MovePriceOptions = {
  /** The chain whose pool moves; the first chain by default (any devnet chain works). */
  chainId?: number
  /** Symbol of what the deployer sells into the pool: ETH, USDC, PTK or USDT. */
  sell: string
  /** Symbol of what it buys; `sell` and `buy` must be a seeded pool (ETH/USDC, ETH/PTK, USDC/USDT). */
  buy: string
  /** Whole tokens to sell, a decimal string ("10", "0.5"). */
  amount: string
}

export type MovedPrice = {
  chainId: number
  hash: Hex
  /** The pool's label, e.g. "ETH/USDC". */
  pool: string
  /** Whole tokens, decimal strings. */
  sold: { symbol: string; amount: string }
  bought: { symbol: string; amount: string }
}

/**
 * The mover's gas limit, well above a one-hop swap. Explicit because anvil's own estimate for a
 * transaction sent without one can miss the pair's price-accumulator writes (see
 * `PAIR_ORACLE_GAS`): the swap ran out of gas.
 */
const MOVE_GAS = 1_000_000n

export type PriceMover = (options: MovePriceOptions) => Promise<MovedPrice>

/** A request the mover cannot carry out (the control route answers it with a 400). */
export class MovePriceError extends Error {}

/**
 * Moves a pool's price the way the market would: the deployer (an account anvil keeps unlocked,
 * the tokens' minter, with unlimited approvals to the router from the seeding) sells `amount`
 * of `sell` for `buy` through Router02, minting what it sells first when it is a token. Resolves
 * once the swap is mined. Tests use it to make a swap built before it exceed its slippage.
 */
export function createPriceMover(options: {
  chains: readonly DevnetChain[]
  tokens: Readonly<Record<number, DevnetTokens>>
  swap: Readonly<Record<number, DevnetSwap>>
  deployer: Address
}): PriceMover {
  return async (request) => {
    const chain =
      request.chainId === undefined
        ? options.chains[0]
        : options.chains.find((c) => c.chainId === request.chainId)
    const tokens = chain ? options.tokens[chain.chainId] : undefined
    const swap = chain ? options.swap[chain.chainId] : undefined
    if (!chain || !tokens || !swap) throw new MovePriceError(`no devnet chain ${request.chainId}`)

    const sell = assetOf(request.sell)
    const buy = assetOf(request.buy)
    const pool = SWAP_POOLS.find(
      (p) => (p.base === sell && p.quote === buy) || (p.base === buy && p.quote === sell),
    )
    if (!pool) {
      throw new MovePriceError(
        `no pool for ${request.sell}/${request.buy}: pools are ${SWAP_POOLS.map((p) => p.label).join(', ')}`,
      )
    }
    const sellInfo = assetInfo(sell)
    const buyInfo = assetInfo(buy)
    let amount: bigint
    try {
      if (!/^[0-9]+(\.[0-9]+)?$/.test(request.amount)) throw new Error('not a decimal')
      amount = parseUnits(request.amount, sellInfo.decimals)
    } catch {
      throw new MovePriceError(`amount must be a decimal string of whole ${sellInfo.symbol}`)
    }
    if (amount === 0n) throw new MovePriceError('amount must be above 0')

    const viemChain = toViemChain(chain)
    const transport = http(chain.rpcUrl)
    const client = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 })
    const wallet = createWalletClient({ chain: viemChain, transport, account: options.deployer })
    const path = [assetAddress(sell, tokens, swap), assetAddress(buy, tokens, swap)]
    const { timestamp } = await client.getBlock({ blockTag: 'latest' })
    const deadline = timestamp + BigInt(SWAP_DEADLINE_SECONDS)
    const me = options.deployer

    let hash: Hex
    if (sell === 'eth') {
      hash = await wallet.writeContract({
        address: swap.router,
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [0n, path, me, deadline],
        value: amount,
        gas: MOVE_GAS,
      })
    } else {
      const minted = await wallet.writeContract({
        address: tokens[sell as Exclude<SwapAsset, 'eth'>],
        abi: DevnetToken.abi,
        functionName: 'mint',
        args: [me, amount],
        gas: MOVE_GAS,
      })
      await client.waitForTransactionReceipt({ hash: minted })
      hash = await wallet.writeContract({
        address: swap.router,
        abi: uniswapV2RouterAbi,
        functionName: buy === 'eth' ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
        args: [amount, 0n, path, me, deadline],
        gas: MOVE_GAS,
      })
    }
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`price move ${hash} reverted`)
    const [swapped] = parseEventLogs({
      abi: uniswapV2PairAbi,
      eventName: 'Swap',
      logs: receipt.logs,
    })
    const out = swapped ? swapped.args.amount0Out + swapped.args.amount1Out : 0n
    return {
      chainId: chain.chainId,
      hash,
      pool: pool.label,
      sold: { symbol: sellInfo.symbol, amount: formatUnits(amount, sellInfo.decimals) },
      bought: { symbol: buyInfo.symbol, amount: formatUnits(out, buyInfo.decimals) },
    }
  }
}

function assetOf(symbol: string): SwapAsset {
  const wanted = symbol.toUpperCase()
  for (const asset of ['eth', 'usdc', 'ptk', 'usdt'] as const) {
    if (assetInfo(asset).symbol === wanted) return asset
  }
  throw new MovePriceError(`cannot move the price of ${symbol}: expected ETH, USDC, PTK or USDT`)
}
