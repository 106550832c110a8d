import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  contractsByChain,
  type Devnet,
  type HistoryPage,
  startDevnet,
  type TokenBalance,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
} from '../src/index.js'
import { api, apiJson, control, FREE_PORTS, postJson, viemClients } from './helpers.js'

let devnet: Devnet

beforeAll(async () => {
  devnet = await startDevnet({ ports: { ...FREE_PORTS, relay: 0 } })
})

afterAll(async () => {
  await devnet?.stop()
})

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const caip = (address: string, chainId = 31337) => `eip155:${chainId}:${address}`
const plain = (caip10: string) => caip10.split(':')[2] as Address

type Quotes = {
  quotes: {
    id: null
    fromAmount: string
    fromAccount: string
    toAmount: string
    toAccount: string
  }[]
}
type BuiltSwap = {
  tx: {
    from: string
    to: string
    data: Hex
    amount: string
    eip155: { gas: string; gasPrice: string }
  }
}
type BuiltApprove = {
  tx: { from: string; to: string; data: Hex; value: string; eip155: { gasPrice: string } }
}
type ConvertError = {
  error: string
  status: 'FAILED'
  reasons: { field: string; description: string }[]
}

function contracts(chainId = 31337) {
  return { ...devnet.tokens[chainId]!, ...devnet.swap[chainId]! }
}

const clients = (index: number, chainId?: number) => viemClients(devnet, index, chainId)

/** An answer of the API, any status, with its JSON body. */
async function call<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const response = await api(devnet, path, init)
  return { status: response.status, body: (await response.json()) as T }
}

function query(path: string, params: Record<string, string>) {
  return `${path}?${new URLSearchParams(params)}`
}

async function quote(from: string, to: string, amount: bigint) {
  return apiJson<Quotes>(
    devnet,
    query('/v1/convert/quotes', { amount: amount.toString(), from, to, gasPrice: '0' }),
  )
}

async function buildSwap(body: Record<string, unknown>) {
  return call<BuiltSwap>('/v1/convert/build-transaction', postJson({ projectId: 'p', ...body }))
}

async function tokenBalance(token: Address, owner: Address, chainId = 31337) {
  return clients(0, chainId).client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

/**
 * Signs and sends a built transaction the way an SDK does with the answer: to `to`, the data,
 * the native amount as value when selling ETH, and the answer's gas and gas price.
 */
async function sendBuilt(index: number, built: BuiltSwap['tx'], value: bigint, chainId = 31337) {
  const { wallet, client } = clients(index, chainId)
  const hash = await wallet.sendTransaction({
    to: plain(built.to),
    data: built.data,
    value,
    gas: BigInt(built.eip155.gas),
    gasPrice: BigInt(built.eip155.gasPrice),
  })
  return client.waitForTransactionReceipt({ hash })
}

async function routerAmountsOut(amount: bigint, path: Address[], chainId = 31337) {
  return clients(0, chainId).client.readContract({
    address: contracts(chainId).router,
    abi: uniswapV2RouterAbi,
    functionName: 'getAmountsOut',
    args: [amount, path],
  })
}

async function addPool(
  index: number,
  chainId: number,
  [tokenA, amountA]: [Address, bigint],
  [tokenB, amountB]: [Address, bigint],
) {
  const { wallet, client } = clients(index, chainId)
  const { router } = contracts(chainId)
  for (const token of [tokenA, tokenB]) {
    const hash = await wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, maxUint256],
    })
    await client.waitForTransactionReceipt({ hash })
  }
  const hash = await wallet.writeContract({
    address: router,
    abi: uniswapV2RouterAbi,
    functionName: 'addLiquidity',
    args: [tokenA, tokenB, amountA, amountB, 0n, 0n, wallet.account.address, maxUint256],
  })
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
}

describe('swap tokens', () => {
  it('lists ETH and every token with a pool, per chain, with what the swap views show', async () => {
    for (const chainId of [31337, 31338]) {
      const { usdc, ptk, usdt } = contracts(chainId)
      const { tokens } = await apiJson<{ tokens: Record<string, unknown>[] }>(
        devnet,
        `/v1/convert/tokens?chainId=eip155:${chainId}`,
      )
      const logo = (symbol: string) =>
        `${devnet.apiUrl}/public/getTokenImage/${symbol}?projectId=test-project&st=portico&sv=test`
      expect(tokens).toEqual([
        {
          name: 'Ether',
          symbol: 'ETH',
          address: caip(NATIVE, chainId),
          decimals: 18,
          logoUri: logo('ETH'),
          eip2612: false,
        },
        {
          name: 'USD Coin (Devnet)',
          symbol: 'USDC',
          address: caip(usdc, chainId),
          decimals: 6,
          logoUri: logo('USDC'),
          eip2612: false,
        },
        {
          name: 'Portico Token',
          symbol: 'PTK',
          address: caip(ptk, chainId),
          decimals: 18,
          logoUri: logo('PTK'),
          eip2612: false,
        },
        {
          name: 'Tether USD (Devnet)',
          symbol: 'USDT',
          address: caip(usdt, chainId),
          decimals: 6,
          logoUri: logo('USDT'),
          eip2612: false,
        },
      ])
      const image = await fetch(String(tokens[1]?.logoUri))
      expect(image.headers.get('content-type')).toBe('image/svg+xml')
    }
  })

  it('lists JUNK once it has a pool with liquidity, and quotes it then', async () => {
    const { junk, usdc } = contracts(31338)
    const junkToUsdc = query('/v1/convert/quotes', {
      amount: '10',
      from: caip(junk, 31338),
      to: caip(usdc, 31338),
    })
    expect((await call<ConvertError>(junkToUsdc)).body.error).toBe(
      'insufficient liquidity: no pool route from JUNK to USDC',
    )

    await addPool(3, 31338, [junk, 100n], [usdc, parseUnits('1', 6)])

    const { tokens } = await apiJson<{ tokens: { symbol: string }[] }>(
      devnet,
      '/v1/convert/tokens?chainId=eip155:31338',
    )
    expect(tokens.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'PTK', 'USDT', 'JUNK'])
    const [, paid] = await routerAmountsOut(10n, [junk, usdc], 31338)
    expect((await apiJson<Quotes>(devnet, junkToUsdc)).quotes[0]?.toAmount).toBe(String(paid))
  })
})

describe('quotes', () => {
  it('answer what the router’s getAmountsOut pays on the best path, in the hosted shape', async () => {
    const { usdc, ptk, usdt, weth } = contracts()
    const cases: [string, string, bigint, Address[]][] = [
      [caip(NATIVE), caip(usdc), parseEther('1'), [weth, usdc]],
      [caip(usdc), caip(NATIVE), parseUnits('2500', 6), [usdc, weth]],
      // No USDC/PTK pool: through WETH.
      [caip(usdc), caip(ptk), parseUnits('100', 6), [usdc, weth, ptk]],
      [caip(NATIVE), caip(ptk), parseEther('0.5'), [weth, ptk]],
      // USDT has one pool, with USDC: through USDC, then WETH.
      [caip(usdt), caip(NATIVE), parseUnits('300', 6), [usdt, usdc, weth]],
      [caip(ptk), caip(usdt), parseEther('40'), [ptk, weth, usdc, usdt]],
    ]
    for (const [from, to, amount, path] of cases) {
      const amounts = await routerAmountsOut(amount, path)
      expect(await quote(from, to, amount), `${from} → ${to}`).toEqual({
        quotes: [
          {
            id: null,
            fromAmount: amount.toString(),
            fromAccount: from,
            toAmount: String(amounts.at(-1)),
            toAccount: to,
          },
        ],
      })
    }
    // Seeded at 3000 USD per ETH with the 0.3% fee: 1 ETH buys a little under 2970 USDC.
    const { quotes } = await quote(caip(NATIVE), caip(usdc), parseEther('1'))
    expect(Number(formatUnits(BigInt(quotes[0]!.toAmount), 6))).toBeCloseTo(2961.47, 2)
  })

  it('go through WETH when that pays more than a direct pool, and direct when it pays more', async () => {
    const chainId = 31338
    const { usdc, ptk, weth } = contracts(chainId)
    // A direct USDC/PTK pool that prices PTK at 5 USDC, twice the market (2.5 through WETH).
    await addPool(2, chainId, [usdc, parseUnits('1000', 6)], [ptk, parseEther('200')])

    const usdcIn = parseUnits('100', 6)
    const [, direct] = await routerAmountsOut(usdcIn, [usdc, ptk], chainId)
    const [, , throughWeth] = await routerAmountsOut(usdcIn, [usdc, weth, ptk], chainId)
    expect(throughWeth).toBeGreaterThan(direct!)
    const buying = await quote(caip(usdc, chainId), caip(ptk, chainId), usdcIn)
    expect(buying.quotes[0]?.toAmount).toBe(String(throughWeth))

    // Selling PTK, the same direct pool pays twice the market: it wins.
    const ptkIn = parseEther('10')
    const [, directOut] = await routerAmountsOut(ptkIn, [ptk, usdc], chainId)
    const [, , wethOut] = await routerAmountsOut(ptkIn, [ptk, weth, usdc], chainId)
    expect(directOut).toBeGreaterThan(wethOut!)
    const selling = await quote(caip(ptk, chainId), caip(usdc, chainId), ptkIn)
    expect(selling.quotes[0]?.toAmount).toBe(String(directOut))
  })

  it('answer an error with the reason when the pools cannot carry the amount', async () => {
    const { usdc, junk, weth } = contracts()
    const refused = async (from: string, to: string, amount: string) => {
      const response = await call<ConvertError>(query('/v1/convert/quotes', { amount, from, to }))
      expect(response.status).toBe(400)
      expect(response.body).toEqual({
        error: response.body.error,
        status: 'FAILED',
        reasons: [{ field: '', description: response.body.error }],
      })
      return response.body.error
    }
    expect(await refused(caip(junk), caip(usdc), '10')).toBe(
      'insufficient liquidity: no pool route from JUNK to USDC',
    )
    // More than a pair can hold: its reserves are uint112, the swap itself would revert.
    expect(await refused(caip(usdc), caip(NATIVE), (2n ** 112n).toString())).toBe(
      'insufficient liquidity: the amount is more than the ETH/USDC pool can take',
    )
    expect(await refused(caip(NATIVE), caip(usdc), '1')).toBe(
      'insufficient liquidity: the amount is too small to buy any USDC',
    )

    // A pair without liquidity.
    const { wallet, client } = clients(3)
    const hash = await wallet.writeContract({
      address: contracts().factory,
      abi: uniswapV2FactoryAbi,
      functionName: 'createPair',
      args: [junk, weth],
    })
    await client.waitForTransactionReceipt({ hash })
    expect(await refused(caip(junk), caip(NATIVE), '10')).toBe(
      'insufficient liquidity: the JUNK/ETH pool is empty',
    )
  })
})

describe('swapping with the built transactions', () => {
  const user = () => devnet.accounts[1]!.address
  // What each swap paid out, for the history check.
  const paid = { usdcForEth: 0n, ethForUsdc: 0n, ptkForUsdc: 0n }

  async function chainTime() {
    return (await clients(0).client.getBlock()).timestamp
  }

  async function ethSpent(receipt: { gasUsed: bigint; effectiveGasPrice: bigint }) {
    return receipt.gasUsed * receipt.effectiveGasPrice
  }

  it('swaps ETH for USDC: the quote arrives, the rest is within the slippage', async () => {
    const { usdc, weth, router } = contracts()
    const amount = parseEther('1')
    const { quotes } = await quote(caip(NATIVE), caip(usdc), amount)
    const quoted = BigInt(quotes[0]!.toAmount)

    // AppKit builds with the estimate off, sends the amount as value.
    const { status, body } = await buildSwap({
      amount: amount.toString(),
      eip155: { slippage: 1 },
      from: caip(NATIVE),
      to: caip(usdc),
      userAddress: caip(user()),
      disableEstimate: true,
    })
    expect(status).toBe(200)
    expect(body.tx).toEqual({
      from: caip(user()),
      to: caip(router),
      data: expect.stringMatching(/^0x7ff36ab5/),
      amount: quoted.toString(),
      eip155: { gas: '250000', gasPrice: expect.stringMatching(/^[1-9][0-9]*$/) },
    })
    const call = decodeFunctionData({ abi: uniswapV2RouterAbi, data: body.tx.data })
    expect(call.functionName).toBe('swapExactETHForTokens')
    const [minOut, path, to, deadline] = call.args as [bigint, Address[], Address, bigint]
    expect(minOut).toBe((quoted * 99n) / 100n)
    expect(path).toEqual([weth, usdc])
    expect(to).toBe(user())
    expect(Number(deadline - (await chainTime()))).toBeGreaterThan(1190)
    expect(Number(deadline - (await chainTime()))).toBeLessThanOrEqual(1200)

    const usdcBefore = await tokenBalance(usdc, user())
    const ethBefore = await clients(1).client.getBalance({ address: user() })
    const receipt = await sendBuilt(1, body.tx, amount)
    expect(receipt.status).toBe('success')
    const received = (await tokenBalance(usdc, user())) - usdcBefore
    expect(received).toBe(quoted)
    expect(received).toBeGreaterThanOrEqual(minOut)
    paid.usdcForEth = received
    expect(await clients(1).client.getBalance({ address: user() })).toBe(
      ethBefore - amount - (await ethSpent(receipt)),
    )
  })

  it('swaps USDC for ETH after the built approval, which the allowance then shows', async () => {
    const { usdc, router } = contracts()
    const allowanceQuery = query('/v1/convert/allowance', {
      tokenAddress: caip(usdc),
      userAddress: caip(user()),
    })
    expect(await apiJson(devnet, allowanceQuery)).toEqual({ allowance: '0' })
    // The native token needs no approval.
    expect(
      await apiJson(
        devnet,
        query('/v1/convert/allowance', {
          tokenAddress: caip(NATIVE),
          userAddress: caip(user()),
        }),
      ),
    ).toEqual({ allowance: maxUint256.toString() })

    const amount = parseUnits('1500', 6)
    const swapBody = {
      amount: amount.toString(),
      eip155: { slippage: 1 },
      from: caip(usdc),
      to: caip(NATIVE),
      userAddress: caip(user()),
    }
    // Estimated, it is refused until the router may spend the USDC.
    const early = await buildSwap(swapBody)
    expect(early.status).toBe(400)
    expect((early.body as unknown as ConvertError).error).toBe(
      `Not enough allowance: the swap needs 1500 USDC, the router (spender ${router}) may spend 0 USDC`,
    )

    const approve = await apiJson<BuiltApprove>(
      devnet,
      query('/v1/convert/build-approve', {
        userAddress: caip(user()),
        from: caip(usdc),
        to: caip(NATIVE),
      }),
    )
    expect(approve).toEqual({
      tx: {
        from: caip(usdc),
        // Like the hosted service: the destination token its provider was asked about.
        to: caip(NATIVE),
        data: expect.stringMatching(/^0x095ea7b3/),
        value: '0',
        eip155: { gasPrice: expect.stringMatching(/^[1-9][0-9]*$/) },
      },
    })
    expect(decodeFunctionData({ abi: erc20Abi, data: approve.tx.data }).args).toEqual([
      router,
      maxUint256,
    ])
    // Sent to the token (`tx.from`), as AppKit does.
    const { wallet, client } = clients(1)
    const approved = await wallet.sendTransaction({
      to: plain(approve.tx.from),
      data: approve.tx.data,
      value: BigInt(approve.tx.value),
      gasPrice: BigInt(approve.tx.eip155.gasPrice),
    })
    expect((await client.waitForTransactionReceipt({ hash: approved })).status).toBe('success')
    expect(await apiJson(devnet, allowanceQuery)).toEqual({ allowance: maxUint256.toString() })

    const { quotes } = await quote(caip(usdc), caip(NATIVE), amount)
    const quoted = BigInt(quotes[0]!.toAmount)
    const { status, body } = await buildSwap(swapBody)
    expect(status).toBe(200)
    expect(body.tx.amount).toBe(quoted.toString())
    expect(decodeFunctionData({ abi: uniswapV2RouterAbi, data: body.tx.data }).functionName).toBe(
      'swapExactTokensForETH',
    )
    // Estimated from the chain this time, not the fixed allowance for a blind build.
    const estimated = await client.estimateGas({
      account: user(),
      to: router,
      data: body.tx.data,
    })
    expect(BigInt(body.tx.eip155.gas)).toBe((estimated * 110n + 99n) / 100n + 45_000n)

    const ethBefore = await client.getBalance({ address: user() })
    const usdcBefore = await tokenBalance(usdc, user())
    const receipt = await sendBuilt(1, body.tx, 0n)
    expect(receipt.status).toBe('success')
    expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(body.tx.eip155.gas))
    const ethAfter = await client.getBalance({ address: user() })
    expect(ethAfter - ethBefore + (await ethSpent(receipt))).toBe(quoted)
    paid.ethForUsdc = quoted
    expect(usdcBefore - (await tokenBalance(usdc, user()))).toBe(amount)
  })

  it('swaps USDC for PTK in two hops through WETH', async () => {
    const { usdc, ptk, weth } = contracts()
    const amount = parseUnits('250', 6)
    const { quotes } = await quote(caip(usdc), caip(ptk), amount)
    const quoted = BigInt(quotes[0]!.toAmount)
    const { body } = await buildSwap({
      amount: amount.toString(),
      eip155: { slippage: 2 },
      from: caip(usdc),
      to: caip(ptk),
      userAddress: caip(user()),
    })
    const decoded = decodeFunctionData({ abi: uniswapV2RouterAbi, data: body.tx.data })
    expect(decoded.functionName).toBe('swapExactTokensForTokens')
    const [amountIn, minOut, path] = decoded.args as unknown as [bigint, bigint, Address[]]
    expect([amountIn, minOut, path]).toEqual([amount, (quoted * 98n) / 100n, [usdc, weth, ptk]])

    const ptkBefore = await tokenBalance(ptk, user())
    const receipt = await sendBuilt(1, body.tx, 0n)
    expect(receipt.status).toBe('success')
    expect((await tokenBalance(ptk, user())) - ptkBefore).toBe(quoted)
    paid.ptkForUsdc = quoted
  })

  it('shows each swap in the history as an execute with both transfers', async () => {
    const { data } = await apiJson<HistoryPage>(
      devnet,
      `/v1/account/${user()}/history?chainId=eip155:31337`,
    )
    const summary = data.slice(0, 4).map((tx) => ({
      op: tx.metadata.operationType,
      transfers: tx.transfers.map((t) => [
        t.direction,
        t.fungible_info?.symbol,
        t.quantity.numeric,
      ]),
    }))
    const usdcForPtk = summary[0]!
    expect(usdcForPtk.op).toBe('execute')
    expect(usdcForPtk.transfers).toEqual([
      ['out', 'USDC', '250'],
      ['in', 'PTK', formatUnits(paid.ptkForUsdc, 18)],
    ])
    expect(summary[1]).toEqual({
      op: 'execute',
      transfers: [
        ['out', 'USDC', '1500'],
        // Paid to the user by the router from inside the transaction (WETH unwrapped).
        ['in', 'ETH', formatUnits(paid.ethForUsdc, 18)],
      ],
    })
    expect(summary[2]).toEqual({ op: 'approve', transfers: [] })
    expect(summary[3]).toEqual({
      op: 'execute',
      transfers: [
        ['out', 'ETH', '1'],
        ['in', 'USDC', formatUnits(paid.usdcForEth, 6)],
      ],
    })
  })

  it('reverts a built swap once the price moved beyond its slippage, not one that allows it', async () => {
    const { usdc } = contracts()
    const trader = devnet.accounts[2]!.address
    const amount = parseEther('1')
    const build = (slippage: number) =>
      buildSwap({
        amount: amount.toString(),
        eip155: { slippage },
        from: caip(NATIVE),
        to: caip(usdc),
        userAddress: caip(trader),
      })
    const tight = (await build(1)).body.tx
    const loose = (await build(50)).body.tx

    // Someone sells 5 ETH into the 100-ETH pool first: about 9% less USDC per ETH.
    const moved = await devnet.moveSwapPrice({ sell: 'ETH', buy: 'USDC', amount: '5' })
    expect(moved).toMatchObject({
      chainId: 31337,
      pool: 'ETH/USDC',
      sold: { symbol: 'ETH', amount: '5' },
    })

    const usdcBefore = await tokenBalance(usdc, trader)
    const failed = await sendBuilt(2, tight, amount)
    expect(failed.status).toBe('reverted')
    expect(await tokenBalance(usdc, trader)).toBe(usdcBefore)
    const { client } = clients(2)
    await expect(
      client.call({ account: trader, to: plain(tight.to), data: tight.data, value: amount }),
    ).rejects.toThrow(/UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT/)

    const passed = await sendBuilt(2, loose, amount)
    expect(passed.status).toBe('success')
    const received = (await tokenBalance(usdc, trader)) - usdcBefore
    expect(received).toBeLessThan((BigInt(loose.amount) * 99n) / 100n)
    expect(received).toBeGreaterThanOrEqual(BigInt(loose.amount) / 2n)
  })
})

describe('prices from the pools', () => {
  const ETH_31338 = caip(NATIVE, 31338)

  async function fungiblePrices(addresses: string[]) {
    const { fungibles } = await apiJson<{ fungibles: { symbol: string; price: number }[] }>(
      devnet,
      '/v1/fungible/price',
      postJson({ projectId: 'p', currency: 'usd', addresses }),
    )
    return Object.fromEntries(fungibles.map((f) => [f.symbol, f.price]))
  }

  async function balancePrices(chainId: number) {
    const { balances } = await apiJson<{ balances: TokenBalance[] }>(
      devnet,
      `/v1/account/${devnet.accounts[0]!.address}/balance?chainId=eip155:${chainId}`,
    )
    return Object.fromEntries(balances.map((b) => [b.symbol, b.price]))
  }

  async function reserves(pair: Address, base: Address, chainId: number) {
    const { client } = clients(0, chainId)
    const [reserve0, reserve1] = await client.readContract({
      address: pair,
      abi: uniswapV2PairAbi,
      functionName: 'getReserves',
    })
    const token0 = await client.readContract({
      address: pair,
      abi: uniswapV2PairAbi,
      functionName: 'token0',
    })
    return token0 === base ? [reserve0, reserve1] : [reserve1, reserve0]
  }

  it('move with a swap, in the price, balance and history routes alike', async () => {
    const { ptk, usdt, weth, pairs } = contracts(31338)
    const addresses = [ETH_31338, caip(ptk, 31338), caip(usdt, 31338)]
    expect(await fungiblePrices(addresses)).toEqual({ ETH: 3000, PTK: 2.5, USDT: 1 })

    await devnet.moveSwapPrice({ chainId: 31338, sell: 'ETH', buy: 'USDC', amount: '10' })

    const [ethReserve, usdcReserve] = await reserves(pairs.ethUsdc, weth, 31338)
    const eth = Number(formatUnits(usdcReserve!, 6)) / Number(formatUnits(ethReserve!, 18))
    const moved = await fungiblePrices(addresses)
    expect(moved.ETH).toBeCloseTo(eth, 9)
    expect(moved.ETH).toBeLessThan(2500)
    // ETH/PTK did not move: PTK is still 1/1200 ETH, so its dollar price fell with ETH's.
    expect(moved.PTK).toBeCloseTo(eth / 1200, 9)
    expect(moved.USDT).toBe(1)
    const balance = await balancePrices(31338)
    expect(balance).toMatchObject({ ETH: moved.ETH, PTK: moved.PTK, USDT: 1, JUNK: 0.01 })
    // The first chain's pools are its own.
    expect((await fungiblePrices([caip(NATIVE)])).ETH).not.toBe(moved.ETH)
  })

  it('answers a price a test pinned until the table is reset', async () => {
    devnet.prices.set('ETH', 1234)
    try {
      expect((await fungiblePrices([ETH_31338])).ETH).toBe(1234)
      expect((await balancePrices(31338)).ETH).toBe(1234)
      // Tokens priced through ETH follow the pinned price.
      expect((await fungiblePrices([caip(contracts(31338).ptk, 31338)])).PTK).toBeCloseTo(
        1234 / 1200,
        9,
      )
    } finally {
      devnet.prices.reset()
    }
    expect((await fungiblePrices([ETH_31338])).ETH).toBeLessThan(2500)
  })

  it('values history transfers at the pool price of the transfer’s chain', async () => {
    const trader = devnet.accounts[1]!.address
    const { data } = await apiJson<HistoryPage>(
      devnet,
      `/v1/account/${trader}/history?chainId=eip155:31337`,
    )
    const ethNow = (await fungiblePrices([caip(NATIVE)])).ETH!
    const ethLeg = data.flatMap((tx) => tx.transfers).find((t) => t.fungible_info?.symbol === 'ETH')
    expect(ethLeg?.price).toBe(ethNow)
    expect(ethLeg?.value).toBeCloseTo(Number(ethLeg?.quantity.numeric) * ethNow, 6)
  })
})

describe('refusals', () => {
  const ANY = '0x1111111111111111111111111111111111111111'

  it('answers the spec messages on networks the API does not serve', async () => {
    for (const chainId of [1, 31339]) {
      const from = caip(NATIVE, chainId)
      const to = caip(ANY, chainId)
      const expectError = async (path: string, message: string, init?: RequestInit) => {
        const { status, body } = await call<ConvertError>(path, init)
        expect(status, path).toBe(400)
        expect(body.error, path).toBe(message)
        expect(body.reasons[0]?.description).toBe(message)
      }
      const swaps = 'Network not supported for Swaps'
      await expectError(
        '/v1/convert/build-transaction',
        swaps,
        postJson({
          projectId: 'p',
          amount: '1000',
          eip155: { slippage: 1 },
          from,
          to,
          userAddress: caip(ANY, chainId),
        }),
      )
      await expectError(query('/v1/convert/build-approve', { from: to, to: from }), swaps)
      await expectError(
        `/v1/convert/gas-price?chainId=eip155:${chainId}`,
        'Network not supported for Gas Price',
      )
      await expectError(query('/v1/convert/quotes', { amount: '1', from, to }), swaps)
      await expectError(`/v1/convert/tokens?chainId=eip155:${chainId}`, swaps)
      await expectError(
        query('/v1/convert/allowance', { tokenAddress: to, userAddress: caip(ANY, chainId) }),
        swaps,
      )
    }
  })

  it('answers malformed parameters with a 400 that says what was expected', async () => {
    const { usdc } = contracts()
    const user = caip(devnet.accounts[0]!.address)
    const good = {
      projectId: 'p',
      amount: '1000000',
      eip155: { slippage: 1 },
      from: caip(usdc),
      to: caip(NATIVE),
      userAddress: user,
      disableEstimate: true,
    }
    const bodies: [Record<string, unknown>, string][] = [
      [
        { ...good, amount: '1.5' },
        "amount must be a whole number of the token's smallest units, like 1000000 (got 1.5)",
      ],
      [{ ...good, amount: '0' }, 'amount must be above 0'],
      [{ ...good, amount: 1000000 }, 'amount must be a string'],
      [
        { ...good, from: 'USDC' },
        'from must be a CAIP-10 address like eip155:31337:0x… (got USDC)',
      ],
      [{ ...good, to: caip(NATIVE, 31338) }, '`from` and `to` chain IDs must have the same value'],
      [{ ...good, to: caip(usdc) }, '`from` and `to` must be different tokens'],
      [
        { ...good, eip155: undefined },
        'slippage parameter is necessary for this type of conversion',
      ],
      [
        { ...good, eip155: { slippage: 1.5 } },
        'eip155.slippage must be a whole percent from 0 to 50, as a number (got 1.5)',
      ],
      [
        { ...good, eip155: { slippage: 51 } },
        'eip155.slippage must be a whole percent from 0 to 50, as a number (got 51)',
      ],
      [
        { ...good, eip155: { slippage: '1' } },
        'eip155.slippage must be a whole percent from 0 to 50, as a number (got "1")',
      ],
      [{ ...good, disableEstimate: 'yes' }, 'disableEstimate must be true or false'],
      [
        { ...good, userAddress: devnet.accounts[0]!.address },
        `userAddress must be a CAIP-10 address like eip155:31337:0x… (got ${devnet.accounts[0]!.address})`,
      ],
      [
        { ...good, userAddress: caip(devnet.accounts[0]!.address, 31338) },
        'userAddress must be on the same chain as the tokens (eip155:31337)',
      ],
      [{ ...good, amount: undefined }, 'missing amount'],
    ]
    for (const [body, message] of bodies) {
      const { status, body: answer } = await call<ConvertError>(
        '/v1/convert/build-transaction',
        postJson(body),
      )
      expect([status, answer.error], JSON.stringify(body)).toEqual([400, message])
    }
    const bare = await call<ConvertError>('/v1/convert/build-transaction', {
      method: 'POST',
      body: '[1]',
    })
    expect([bare.status, bare.body.error]).toEqual([400, 'the body must be a JSON object'])

    const gets: [string, string][] = [
      ['/v1/convert/tokens', 'missing chainId'],
      [
        '/v1/convert/tokens?chainId=31337',
        'chainId must be a CAIP-2 id like eip155:31337 (got 31337)',
      ],
      [
        '/v1/convert/gas-price?chainId=eip155:x',
        'chainId must be a CAIP-2 id like eip155:31337 (got eip155:x)',
      ],
      [
        query('/v1/convert/quotes', { amount: '-5', from: caip(usdc), to: caip(NATIVE) }),
        "amount must be a whole number of the token's smallest units, like 1000000 (got -5)",
      ],
      [
        query('/v1/convert/quotes', {
          amount: '5',
          from: caip(usdc),
          to: caip(NATIVE),
          gasPrice: 'fast',
        }),
        'gasPrice must be a whole number of wei (got fast)',
      ],
      [query('/v1/convert/quotes', { amount: '5', from: caip(usdc) }), 'missing to'],
      [query('/v1/convert/allowance', { tokenAddress: caip(usdc) }), 'missing userAddress'],
      [
        query('/v1/convert/allowance', { tokenAddress: caip(ANY), userAddress: user }),
        `token eip155:31337:${ANY} is not supported`,
      ],
      [
        query('/v1/convert/build-approve', { from: caip(NATIVE), to: caip(usdc) }),
        'the native token needs no approval',
      ],
      [
        query('/v1/convert/build-approve', { from: caip(usdc), to: caip(NATIVE), amount: 'all' }),
        "amount must be a whole number of the token's smallest units, like 1000000 (got all)",
      ],
    ]
    for (const [path, message] of gets) {
      const { status, body } = await call<ConvertError>(path)
      expect([status, body.error], path).toEqual([400, message])
    }
  })
})

describe('gas price, addresses and the price control', () => {
  it('answers the chain’s gas price, with tips added for fast and instant', async () => {
    const prices = await apiJson<{ standard: string; fast: string; instant: string }>(
      devnet,
      '/v1/convert/gas-price?chainId=eip155:31337',
    )
    const { client } = clients(0)
    expect(BigInt(prices.standard)).toBe(await client.getGasPrice())
    const tip = await client.estimateMaxPriorityFeePerGas()
    expect(BigInt(prices.fast)).toBe(BigInt(prices.standard) + tip)
    expect(BigInt(prices.instant)).toBe(BigInt(prices.standard) + 2n * tip)
  })

  it('describes the swap contracts in /__devnet/info, where they are deployed on every chain', async () => {
    const info = await (await control(devnet, `/__devnet/info`)).json()
    expect(info.swap['31337']).toEqual(devnet.swap[31337])
    expect(info.tokens['31338']).toEqual(devnet.tokens[31338])
    const known = contractsByChain([31337, 31338, 31339])
    for (const chainId of [31337, 31338, 31339]) {
      expect(devnet.swap[chainId]).toEqual(known.swap[chainId])
      const { client } = clients(0, chainId)
      const { router, factory, weth, pairs } = devnet.swap[chainId]!
      expect(
        await client.readContract({
          address: router,
          abi: uniswapV2RouterAbi,
          functionName: 'factory',
        }),
      ).toBe(factory)
      expect(
        await client.readContract({
          address: router,
          abi: uniswapV2RouterAbi,
          functionName: 'WETH',
        }),
      ).toBe(weth)
      for (const pair of Object.values(pairs)) {
        const [reserve0] = await client.readContract({
          address: pair,
          abi: uniswapV2PairAbi,
          functionName: 'getReserves',
        })
        expect(reserve0).toBeGreaterThan(0n)
      }
    }
  })

  it('moves a pool’s price through POST /__devnet/swap/move-price, and refuses bad requests', async () => {
    const { usdc, usdt, pairs } = contracts()
    const before = await reserves(pairs.usdcUsdt)
    const response = await control(
      devnet,
      `/__devnet/swap/move-price`,
      postJson({ chainId: 'eip155:31337', sell: 'USDT', buy: 'USDC', amount: '1000' }),
    )
    expect(response.status).toBe(200)
    const moved = await response.json()
    expect(moved).toMatchObject({
      chainId: 31337,
      pool: 'USDC/USDT',
      sold: { symbol: 'USDT', amount: '1000' },
      bought: { symbol: 'USDC' },
    })
    const after = await reserves(pairs.usdcUsdt)
    const [usdcIndex, usdtIndex] = usdc.toLowerCase() < usdt.toLowerCase() ? [0, 1] : [1, 0]
    expect(after[usdtIndex]! - before[usdtIndex]!).toBe(parseUnits('1000', 6))
    expect(before[usdcIndex]! - after[usdcIndex]!).toBe(parseUnits(moved.bought.amount, 6))

    for (const [body, message] of [
      [
        { sell: 'ETH', buy: 'USDT', amount: '1' },
        'no pool for ETH/USDT: pools are ETH/USDC, ETH/PTK, USDC/USDT',
      ],
      [
        { sell: 'JUNK', buy: 'USDC', amount: '1' },
        'cannot move the price of JUNK: expected ETH, USDC, PTK or USDT',
      ],
      [{ sell: 'ETH', buy: 'USDC', amount: '-1' }, 'amount must be a decimal string of whole ETH'],
      [{ sell: 'ETH', buy: 'USDC', amount: '1', chainId: 5 }, 'no devnet chain 5'],
      [
        { sell: 'ETH', buy: 'USDC' },
        'expected { sell: symbol, buy: symbol, amount: decimal string, chainId?: number }',
      ],
    ] as const) {
      const refused = await control(devnet, `/__devnet/swap/move-price`, postJson(body))
      expect([refused.status, (await refused.json()).error]).toEqual([400, message])
    }

    async function reserves(pair: Address) {
      const [reserve0, reserve1] = await clients(0).client.readContract({
        address: pair,
        abi: uniswapV2PairAbi,
        functionName: 'getReserves',
      })
      return [reserve0, reserve1]
    }
  })
})
