import type { Address, PublicClient } from 'viem'
import { pairAddress, sortTokens } from '../../chains/evm/addresses.js'
import { MAX_RESERVE, uniswapV2PairAbi, uniswapV2RouterAbi } from '../../chains/evm/uniswap.js'

/**
 * Every path worth asking the router about, direct first: the direct pair, then through one hub
 * token, then through two. Hubs are the tokens every seeded pool shares (WETH and USDC), the way
 * Uniswap's own interface routes V2 trades through its "bases"; so USDC→PTK goes through WETH
 * and USDT→PTK through USDC and WETH.
 */
export function candidatePaths(
  tokenIn: Address,
  tokenOut: Address,
  hubs: readonly Address[],
): Address[][] {
  const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase()
  const usable = hubs.filter(
    (hub, i) =>
      !same(hub, tokenIn) && !same(hub, tokenOut) && hubs.findIndex((h) => same(h, hub)) === i,
  )
  const paths: Address[][] = [[tokenIn, tokenOut]]
  for (const hub of usable) paths.push([tokenIn, hub, tokenOut])
  for (const first of usable) {
    for (const second of usable) {
      if (!same(first, second)) paths.push([tokenIn, first, second, tokenOut])
    }
  }
  return paths
}

/** Why a path cannot carry the trade, most telling first. */
export type RouteProblem = 'too-large' | 'too-small' | 'empty-pool' | 'no-pool'

export type Route = { path: Address[]; amounts: bigint[] }

/** What stopped a path, and at which pair. */
type Problem = { problem: RouteProblem; pair: [Address, Address] }

export type RouteResult = { ok: true; route: Route } | ({ ok: false } & Problem)

export type RouteContext = {
  client: PublicClient
  router: Address
  factory: Address
}

/**
 * The path that pays the most for `amountIn`, with the router's own `getAmountsOut` for each
 * candidate (one multicall, with every pair's reserves). A path is out when one of its pairs
 * does not exist or is empty, when the router reverts (the amount overflows its arithmetic),
 * when a pair's reserve could not hold what flows into it (pairs keep reserves as uint112, so
 * the swap itself would revert), or when it buys nothing. Ties go to the shorter path.
 */
export async function bestRoute(
  context: RouteContext,
  amountIn: bigint,
  paths: readonly Address[][],
): Promise<RouteResult> {
  const hops = paths.map((path) =>
    path.slice(1).map((to, i) => [path[i] as Address, to] as [Address, Address]),
  )
  const pairKeys = [...new Set(hops.flat().map(([a, b]) => pairAddress(context.factory, a, b)))]
  const results = await context.client.multicall({
    allowFailure: true,
    contracts: [
      ...paths.map(
        (path) =>
          ({
            address: context.router,
            abi: uniswapV2RouterAbi,
            functionName: 'getAmountsOut',
            args: [amountIn, path],
          }) as const,
      ),
      ...pairKeys.map(
        (pair) => ({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' }) as const,
      ),
    ],
  })
  const reserves = new Map<Address, readonly [bigint, bigint]>()
  pairKeys.forEach((pair, i) => {
    const result = results[paths.length + i]
    if (result?.status === 'success') {
      const [reserve0, reserve1] = result.result as readonly [bigint, bigint, number]
      reserves.set(pair, [reserve0, reserve1])
    }
  })

  let best: Route | undefined
  // The most telling problem; among equals the first path's, which is the direct pair.
  let worst: Problem | undefined
  paths.forEach((path, i) => {
    const outcome = judge(path, hops[i] ?? [], results[i])
    if ('problem' in outcome) {
      if (!worst || rank(outcome.problem) < rank(worst.problem)) worst = outcome
      return
    }
    const out = outcome.amounts.at(-1) ?? 0n
    if (!best || out > (best.amounts.at(-1) ?? 0n)) best = outcome
  })
  if (best) return { ok: true, route: best }
  if (!worst) throw new Error('no candidate path')
  return { ok: false, ...worst }

  function judge(
    path: Address[],
    pathHops: [Address, Address][],
    result: (typeof results)[number] | undefined,
  ): Route | Problem {
    for (const hop of pathHops) {
      const held = reserves.get(pairAddress(context.factory, hop[0], hop[1]))
      if (!held) return { problem: 'no-pool', pair: hop }
      if (held[0] === 0n || held[1] === 0n) return { problem: 'empty-pool', pair: hop }
    }
    const firstHop = pathHops[0] as [Address, Address]
    if (result?.status !== 'success') return { problem: 'too-large', pair: firstHop }
    const amounts = [...(result.result as readonly bigint[])]
    for (const [i, hop] of pathHops.entries()) {
      const held = reserves.get(pairAddress(context.factory, hop[0], hop[1])) as [bigint, bigint]
      const reserveIn = sortTokens(hop[0], hop[1])[0] === hop[0] ? held[0] : held[1]
      if (reserveIn + (amounts[i] ?? 0n) > MAX_RESERVE) return { problem: 'too-large', pair: hop }
    }
    if ((amounts.at(-1) ?? 0n) === 0n) {
      return { problem: 'too-small', pair: pathHops.at(-1) as [Address, Address] }
    }
    return { path, amounts }
  }
}

const PROBLEM_ORDER: readonly RouteProblem[] = ['too-large', 'too-small', 'empty-pool', 'no-pool']
const rank = (problem: RouteProblem) => PROBLEM_ORDER.indexOf(problem)
