import { type Abi, decodeFunctionData, encodeFunctionData, type Hex } from 'viem'
import { PorticoError } from '../kit.js'
import type { SwapTransaction } from './types.js'

/**
 * The swap API builds the transactions the wallet signs. A hostile or broken answer could make
 * an approval unlimited, name another spender, send the sold token elsewhere or accept any
 * output. So each transaction is decoded and checked against the review the user saw before the
 * review holds it; anything else is refused (SWAP_TRANSACTION_REFUSED, `details.reason` saying
 * which check failed) and never reaches the wallet.
 */

/** Which check a refused transaction failed. */
export type RefusalReason =
  | 'call'
  | 'router'
  | 'spender'
  | 'amount'
  | 'recipient'
  | 'path'
  | 'minimum'
  | 'value'

const address = { type: 'address' } as const
const uint = { type: 'uint256' } as const
const path = { type: 'address[]' } as const

/** ERC-20 `approve(spender, amount)`. */
const approveAbi = [
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', ...address },
      { name: 'amount', ...uint },
    ],
    outputs: [{ type: 'bool' }],
  },
] as const satisfies Abi

const exactTokensIn = [
  { name: 'amountIn', ...uint },
  { name: 'amountOutMin', ...uint },
  { name: 'path', ...path },
  { name: 'to', ...address },
  { name: 'deadline', ...uint },
] as const

/** The exact-input swaps of Uniswap V2 Router02 (the devnet's router, and its forks'). */
const routerAbi = [
  {
    type: 'function',
    name: 'swapExactETHForTokens',
    stateMutability: 'payable',
    inputs: [
      { name: 'amountOutMin', ...uint },
      { name: 'path', ...path },
      { name: 'to', ...address },
      { name: 'deadline', ...uint },
    ],
    outputs: [{ type: 'uint256[]' }],
  },
  {
    type: 'function',
    name: 'swapExactTokensForETH',
    stateMutability: 'nonpayable',
    inputs: exactTokensIn,
    outputs: [{ type: 'uint256[]' }],
  },
  {
    type: 'function',
    name: 'swapExactTokensForTokens',
    stateMutability: 'nonpayable',
    inputs: exactTokensIn,
    outputs: [{ type: 'uint256[]' }],
  },
] as const satisfies Abi

function refuse(reason: RefusalReason, message: string): never {
  throw new PorticoError('SWAP_TRANSACTION_REFUSED', message, { details: { reason } })
}

/**
 * The call `data` makes with `abi`, only when it is the canonical encoding: re-encoding the
 * decoded arguments gives the same bytes. A decoder reads what it needs and ignores the rest, so
 * trailing bytes or dirty padding would otherwise pass unseen.
 */
function decode<const A extends Abi>(abi: A, data: string) {
  try {
    const call = decodeFunctionData({ abi, data: data as Hex })
    const again = encodeFunctionData({
      abi,
      functionName: call.functionName,
      args: call.args,
    } as never)
    if (again.toLowerCase() === data.toLowerCase()) return call
  } catch {
    // Not a call of this ABI: refused below.
  }
  return refuse('call', 'The transaction is not a call the swap knows')
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * An approval is `approve(router, amount)`: the spender a known router of the chain and the
 * amount exactly what is being swapped (never unlimited).
 */
export function checkApproval(
  transaction: SwapTransaction,
  expected: { routers: ReadonlySet<string>; amount: bigint },
): void {
  if (transaction.value !== 0n) refuse('value', 'An approval carries no native value')
  const { args } = decode(approveAbi, transaction.data)
  const [spender, amount] = args
  if (!expected.routers.has(spender.toLowerCase())) {
    refuse('spender', 'The approval names a spender that is not a known router')
  }
  if (amount !== expected.amount) {
    refuse('amount', 'The approval is for another amount than the swap')
  }
}

/** What the review says a swap does. Addresses are chain-local; `undefined` is the native token. */
export type SwapExpectation = {
  routers: ReadonlySet<string>
  /** The account that pays and receives. */
  user: string
  source: string | undefined
  target: string | undefined
  amountIn: bigint
  /** The least the calldata's own minimum output may be (the review's minimum received). */
  minimumOut: bigint
}

/**
 * A swap is an exact-input swap of Router02 on a known router of the chain, selling exactly the
 * review's amount of its source for its target, paying the user, accepting no less than the
 * review's minimum, and carrying the input as value only when selling the native token.
 */
export function checkSwap(transaction: SwapTransaction, expected: SwapExpectation): void {
  if (!expected.routers.has(transaction.to.toLowerCase())) {
    refuse('router', 'The swap calls a contract that is not a known router')
  }
  const call = decode(routerAbi, transaction.data)
  const nativeIn = expected.source === undefined
  const nativeOut = expected.target === undefined
  const wanted = nativeIn
    ? 'swapExactETHForTokens'
    : nativeOut
      ? 'swapExactTokensForETH'
      : 'swapExactTokensForTokens'
  if (call.functionName !== wanted) {
    refuse('call', `The swap is not a ${wanted} call`)
  }
  const [amountIn, amountOutMin, route, to] =
    call.functionName === 'swapExactETHForTokens' ? [transaction.value, ...call.args] : call.args
  const value = nativeIn ? expected.amountIn : 0n
  if (transaction.value !== value) refuse('value', 'The swap carries another native value')
  if (amountIn !== expected.amountIn) refuse('amount', 'The swap sells another amount')
  // The router itself checks that a native side of the path is its wrapped token.
  const first = route[0]
  const last = route.at(-1)
  if (
    route.length < 2 ||
    first === undefined ||
    last === undefined ||
    (expected.source !== undefined && !same(first, expected.source)) ||
    (expected.target !== undefined && !same(last, expected.target))
  ) {
    refuse('path', 'The swap trades other tokens than the review')
  }
  if (!same(to, expected.user)) refuse('recipient', 'The swap pays another account')
  if (amountOutMin < expected.minimumOut) {
    refuse('minimum', 'The swap accepts less than the minimum received')
  }
}
