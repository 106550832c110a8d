import fc from 'fast-check'
import { encodeFunctionData, getAddress, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { knownRouters, UNISWAP_V2_ROUTERS } from './routers.js'
import { checkApproval, checkSwap, type SwapExpectation } from './verify.js'

const RUNS = { numRuns: 1000 }

// The calls as a test-local ABI, so the checker's own ABI is not what checks it.
const abi = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
])

type Hex = `0x${string}`
const anAddress = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => getAddress(`0x${Buffer.from(bytes).toString('hex')}`) as Hex)
const uint = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })
const positive = fc.bigInt({ min: 1n, max: 2n ** 128n })

/** A swap the review describes, and the honest transaction for it. */
const honest = fc
  .record({
    router: anAddress,
    user: anAddress,
    source: fc.option(anAddress, { nil: undefined }),
    target: anAddress,
    hubs: fc.array(anAddress, { maxLength: 2 }),
    weth: anAddress,
    amountIn: positive,
    minimumOut: fc.bigInt({ min: 0n, max: 2n ** 128n }),
    // The calldata may ask for more than the review's minimum, never less.
    extra: fc.bigInt({ min: 0n, max: 2n ** 64n }),
    deadline: uint,
    nativeOut: fc.boolean(),
  })
  .map((s) => {
    const source = s.source
    // Selling the native token, the target is a token; else the target may be native.
    const target = source !== undefined && s.nativeOut ? undefined : s.target
    const path = [source ?? s.weth, ...s.hubs, target ?? s.weth]
    const expected: SwapExpectation = {
      routers: new Set([s.router.toLowerCase()]),
      user: s.user,
      source,
      target,
      amountIn: s.amountIn,
      minimumOut: s.minimumOut,
    }
    return { s, expected, path, min: s.minimumOut + s.extra }
  })

type Honest = typeof honest extends fc.Arbitrary<infer T> ? T : never

/** The transaction of a swap with some of its fields replaced. */
function build(
  { s, expected, path, min }: Honest,
  change: Partial<{
    to: Hex
    amountIn: bigint
    min: bigint
    path: Hex[]
    recipient: Hex
    value: bigint
  }> = {},
) {
  const amountIn = change.amountIn ?? expected.amountIn
  const recipient = change.recipient ?? s.user
  const route = change.path ?? (path as Hex[])
  const outMin = change.min ?? min
  const data =
    expected.source === undefined
      ? encodeFunctionData({
          abi,
          functionName: 'swapExactETHForTokens',
          args: [outMin, route, recipient, s.deadline],
        })
      : encodeFunctionData({
          abi,
          functionName:
            expected.target === undefined ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [amountIn, outMin, route, recipient, s.deadline],
        })
  const value = change.value ?? (expected.source === undefined ? amountIn : 0n)
  return { to: change.to ?? s.router, data, value, gas: undefined }
}

const refusal = (reason?: string) => ({
  code: 'SWAP_TRANSACTION_REFUSED',
  ...(reason ? { details: { reason } } : {}),
})

describe('checkSwap', () => {
  it('passes the honest swap of the review', () => {
    fc.assert(
      fc.property(honest, (swap) => {
        expect(() => checkSwap(build(swap), swap.expected)).not.toThrow()
      }),
      RUNS,
    )
  })

  it('refuses any tampering with what the review says', () => {
    const tampering = fc.oneof(
      fc.record({ kind: fc.constant('to' as const), address: anAddress }),
      fc.record({ kind: fc.constant('recipient' as const), address: anAddress }),
      fc.record({ kind: fc.constant('first' as const), address: anAddress }),
      fc.record({ kind: fc.constant('last' as const), address: anAddress }),
      fc.record({ kind: fc.constant('amountIn' as const), amount: positive }),
      fc.record({ kind: fc.constant('min' as const), less: positive }),
      fc.record({ kind: fc.constant('value' as const), amount: uint }),
      fc.record({
        kind: fc.constant('append' as const),
        bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }),
      }),
      fc.record({ kind: fc.constant('cut' as const), bytes: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('transfer' as const), address: anAddress, amount: uint }),
    )
    fc.assert(
      fc.property(honest, tampering, (swap, t) => {
        const { s, expected, path } = swap
        const honestTx = build(swap)
        let tx = honestTx
        let reason: string
        const same = (a: string, b: string | undefined) => a.toLowerCase() === b?.toLowerCase()
        switch (t.kind) {
          case 'to':
            fc.pre(!same(t.address, s.router))
            tx = build(swap, { to: t.address })
            reason = 'router'
            break
          case 'recipient':
            fc.pre(!same(t.address, s.user))
            tx = build(swap, { recipient: t.address })
            reason = 'recipient'
            break
          case 'first':
            // A native source's path starts with the router's wrapped token: the router checks it.
            fc.pre(expected.source !== undefined && !same(t.address, expected.source))
            tx = build(swap, { path: [t.address, ...(path.slice(1) as Hex[])] })
            reason = 'path'
            break
          case 'last':
            fc.pre(expected.target !== undefined && !same(t.address, expected.target))
            tx = build(swap, { path: [...(path.slice(0, -1) as Hex[]), t.address] })
            reason = 'path'
            break
          case 'amountIn':
            fc.pre(t.amount !== expected.amountIn)
            tx = build(swap, { amountIn: t.amount })
            // Selling the native token, the amount is the value.
            reason = expected.source === undefined ? 'value' : 'amount'
            break
          case 'min':
            fc.pre(expected.minimumOut >= t.less)
            tx = build(swap, { min: expected.minimumOut - t.less })
            reason = 'minimum'
            break
          case 'value':
            fc.pre(t.amount !== honestTx.value)
            tx = build(swap, { value: t.amount })
            reason = 'value'
            break
          case 'append':
            tx = { ...honestTx, data: `${honestTx.data}${Buffer.from(t.bytes).toString('hex')}` }
            reason = 'call'
            break
          case 'cut':
            tx = { ...honestTx, data: honestTx.data.slice(0, -2 * t.bytes) as Hex }
            reason = 'call'
            break
          case 'transfer':
            tx = {
              ...honestTx,
              data: encodeFunctionData({
                abi,
                functionName: 'transfer',
                args: [t.address, t.amount],
              }),
            }
            reason = 'call'
            break
        }
        expect(() => checkSwap(tx, expected)).toThrow(
          expect.objectContaining(refusal(reason)) as unknown as Error,
        )
      }),
      RUNS,
    )
  })
})

describe('checkApproval', () => {
  const approval = (spender: Hex, amount: bigint, value = 0n) => ({
    to: spender,
    data: encodeFunctionData({ abi, functionName: 'approve', args: [spender, amount] }),
    value,
    gas: undefined,
  })

  it('passes approve(router, amount) and refuses another spender, amount or value', () => {
    fc.assert(
      fc.property(
        anAddress,
        anAddress,
        positive,
        uint,
        uint,
        (router, other, amount, wrong, value) => {
          const expected = { routers: new Set([router.toLowerCase()]), amount }
          expect(() => checkApproval(approval(router, amount), expected)).not.toThrow()
          fc.pre(other.toLowerCase() !== router.toLowerCase() && wrong !== amount && value !== 0n)
          expect(() => checkApproval(approval(other, amount), expected)).toThrow(
            expect.objectContaining(refusal('spender')) as unknown as Error,
          )
          expect(() => checkApproval(approval(router, wrong), expected)).toThrow(
            expect.objectContaining(refusal('amount')) as unknown as Error,
          )
          expect(() => checkApproval(approval(router, amount, value), expected)).toThrow(
            expect.objectContaining(refusal('value')) as unknown as Error,
          )
        },
      ),
      RUNS,
    )
  })

  it('refuses an unlimited approval even to a known router', () => {
    const router = UNISWAP_V2_ROUTERS[1]![0] as Hex
    const expected = { routers: knownRouters('eip155:1', {}), amount: 100_000_000n }
    expect(() => checkApproval(approval(router, 2n ** 256n - 1n), expected)).toThrow(
      expect.objectContaining(refusal('amount')) as unknown as Error,
    )
    expect(() => checkApproval(approval(router, 100_000_000n), expected)).not.toThrow()
  })
})

describe('knownRouters', () => {
  it("is Uniswap's Router02 of the chain and the app's, in any case", () => {
    const app = '0x0C8E79F3534B00D9a3D4a856B665Bf4eBC22f2ba'
    expect([...knownRouters('eip155:1', { 31337: [app] })]).toEqual([
      '0x7a250d5630b4cf539739df2c5dacb4c659f2488d',
    ])
    expect([...knownRouters('eip155:31337', { 31337: [app] })]).toEqual([app.toLowerCase()])
    expect([...knownRouters('eip155:324', {})]).toEqual([])
  })
})
