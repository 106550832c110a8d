// @vitest-environment happy-dom
// A hostile swap API: what it builds never reaches the wallet unless it does what the review says.
// (Issue 34, item 1: each of S1–S4 was handed to the wallet before the checks; item 4: decimals.)
import { describe, expect, it } from 'vitest'
import {
  approveCall,
  CHAIN,
  ETH,
  ethForTokens,
  quoted,
  ROUTER,
  ROUTER_ADDRESS,
  shown,
  tokensForEth,
  transferCall,
  USDC,
  USDC_ADDRESS,
  USER,
  USER_CAIP,
  word,
} from '../test-utils/swapServer.js'
import './lazy.js'

const ATTACKER = '0xbad0000000000000000000000000000000000bad'
const MAX = 2n ** 256n - 1n

/** The preview is refused for `reason`, and the wallet was handed nothing. */
async function refused(context: Awaited<ReturnType<typeof shown>>, reason: string) {
  const { client, wallet } = context
  await expect(client.swap.preview()).rejects.toMatchObject({
    code: 'SWAP_TRANSACTION_REFUSED',
    details: { reason },
  })
  expect(client.swap.$preview.get()).toMatchObject({
    status: 'error',
    data: undefined,
    error: { code: 'SWAP_TRANSACTION_REFUSED' },
  })
  // Nothing to send: the actions refuse without a review, and the wallet saw nothing.
  await expect(client.swap.swap()).rejects.toMatchObject({ message: 'Review the swap first' })
  await expect(client.swap.approve()).rejects.toMatchObject({ message: 'Review the swap first' })
  expect(wallet.handed).toEqual([])
}

describe('a hostile swap API', () => {
  it('S1: an unlimited approval for an attacker is refused (the review says 100 USDC)', async () => {
    const context = await shown()
    context.server.routes['/v1/convert/build-approve'] = () =>
      Response.json({ tx: { from: USDC, to: ETH, data: approveCall(ATTACKER, MAX) } })
    await quoted(context, 'USDC', 'ETH', '100')
    await refused(context, 'spender')
  })

  it('an approval for the router of more than the amount (unlimited) is refused', async () => {
    const context = await shown()
    context.server.routes['/v1/convert/build-approve'] = () =>
      Response.json({ tx: { from: USDC, to: ETH, data: approveCall(ROUTER_ADDRESS, MAX) } })
    await quoted(context, 'USDC', 'ETH', '100')
    await refused(context, 'amount')
  })

  it('an approval with bytes after the call is refused', async () => {
    const context = await shown()
    const data = `${approveCall(ROUTER_ADDRESS, 100_000_000n)}${word(ATTACKER)}`
    context.server.routes['/v1/convert/build-approve'] = () =>
      Response.json({ tx: { from: USDC, to: ETH, data } })
    await quoted(context, 'USDC', 'ETH', '100')
    await refused(context, 'call')
  })

  it('S2: selling ETH, a "swap" to another address than a known router is refused', async () => {
    const context = await shown()
    context.server.routes['/v1/convert/build-transaction'] = () =>
      Response.json({
        tx: { from: USER_CAIP, to: `${CHAIN}:${ATTACKER}`, data: '0x', amount: '1500000000' },
      })
    await quoted(context, 'ETH', 'USDC', '0.5')
    await refused(context, 'router')
  })

  it('S3: a "swap" that is USDC.transfer(attacker, …) is refused', async () => {
    const context = await shown()
    context.server.state.allowance = 10n ** 30n
    context.server.routes['/v1/convert/build-transaction'] = () =>
      Response.json({
        tx: {
          from: USER_CAIP,
          to: USDC,
          data: transferCall(ATTACKER, 1000n * 10n ** 6n),
          amount: '33333333333333333',
        },
      })
    await quoted(context, 'USDC', 'ETH', '100')
    await refused(context, 'router')
  })

  it('S3 through the router: a transfer call to the router is not a swap', async () => {
    const context = await shown()
    context.server.state.allowance = 10n ** 30n
    context.server.routes['/v1/convert/build-transaction'] = () =>
      Response.json({
        tx: { from: USER_CAIP, to: ROUTER, data: transferCall(ATTACKER, 1n) },
      })
    await quoted(context, 'USDC', 'ETH', '100')
    await refused(context, 'call')
  })

  it('S4: a minimum output of 0 while the review says 1485 is refused', async () => {
    const context = await shown()
    context.server.routes['/v1/convert/build-transaction'] = () =>
      Response.json({
        tx: {
          from: USER_CAIP,
          to: ROUTER,
          data: ethForTokens(0n, USDC_ADDRESS),
          amount: '1500000000',
        },
      })
    await quoted(context, 'ETH', 'USDC', '0.5')
    await refused(context, 'minimum')
  })

  it('a swap paying another account, selling another amount or other tokens is refused', async () => {
    const context = await shown()
    context.server.state.allowance = 10n ** 30n
    const build = (data: string) => () =>
      Response.json({ tx: { from: USER_CAIP, to: ROUTER, data, amount: '33333333333333333' } })
    const min = 33_000_000_000_000_000n
    await quoted(context, 'USDC', 'ETH', '100')
    context.server.routes['/v1/convert/build-transaction'] = build(
      tokensForEth(100_000_000n, min, USDC_ADDRESS, ATTACKER),
    )
    await refused(context, 'recipient')
    context.server.routes['/v1/convert/build-transaction'] = build(
      tokensForEth(1_000_000_000n, min, USDC_ADDRESS),
    )
    await refused(context, 'amount')
    context.server.routes['/v1/convert/build-transaction'] = build(
      tokensForEth(100_000_000n, min, ATTACKER),
    )
    await refused(context, 'path')
    // Selling a token, the swap may not be one that spends the user's ETH.
    context.server.routes['/v1/convert/build-transaction'] = build(ethForTokens(min, USDC_ADDRESS))
    await refused(context, 'call')
  })

  it('a build that pays less than the quote allows with the slippage is refused', async () => {
    const context = await shown()
    // The quote says 1500 USDC; 1% slippage allows 1485 at least, the build says 1400.
    context.server.routes['/v1/convert/build-transaction'] = () =>
      Response.json({
        tx: {
          from: USER_CAIP,
          to: ROUTER,
          data: ethForTokens(1_386_000_000n, USDC_ADDRESS),
          amount: '1400000000',
        },
      })
    await quoted(context, 'ETH', 'USDC', '0.5')
    await refused(context, 'minimum')
  })

  it("a router the app did not name is refused, even the fixture's honest swap", async () => {
    const context = await shown({ swaps: { chainIds: [31337], routers: {} } })
    await quoted(context, 'ETH', 'USDC', '0.5')
    await refused(context, 'router')
  })

  it('an honest swap passes and is what the wallet is handed', async () => {
    const context = await shown()
    await quoted(context, 'ETH', 'USDC', '0.5')
    const review = await context.client.swap.preview()
    await context.client.swap.swap()
    expect(context.wallet.handed).toEqual([{ from: USER, ...review.transaction }])
  })
})

describe("token decimals are the chain's", () => {
  it('reads decimals() of the ERC-20 from the chain once, and refuses an API that lies', async () => {
    const context = await shown()
    const { client, server } = context
    await quoted(context, 'ETH', 'USDC', '0.5')
    await client.swap.preview()
    await client.swap.preview()
    expect(server.state.chainReads).toEqual([
      expect.objectContaining({
        method: 'eth_call',
        params: [expect.objectContaining({ to: USDC_ADDRESS, data: '0x313ce567' }), 'latest'],
      }),
    ])

    const lying = await shown()
    lying.server.state.decimals[USDC_ADDRESS.toLowerCase()] = 18
    await quoted(lying, 'USDC', 'ETH', '100')
    await expect(lying.client.swap.preview()).rejects.toMatchObject({
      code: 'TOKEN_DECIMALS_MISMATCH',
      details: { token: USDC, given: 6, chain: 18 },
    })
    expect(lying.server.state.hits).not.toContain('/v1/convert/build-approve')
    expect(lying.wallet.handed).toEqual([])
  })

  it('refuses when the decimals cannot be read, and reads again next time', async () => {
    const context = await shown()
    const { client, server } = context
    delete server.state.decimals[USDC_ADDRESS.toLowerCase()]
    await quoted(context, 'ETH', 'USDC', '0.5')
    await expect(client.swap.preview()).rejects.toMatchObject({
      code: 'CONTRACT_READ_FAILED',
      details: { token: USDC },
    })
    server.state.decimals[USDC_ADDRESS.toLowerCase()] = 6
    await expect(client.swap.preview()).resolves.toMatchObject({ minimumReceived: '1485' })
  })
})
