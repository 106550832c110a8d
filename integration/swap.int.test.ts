import {
  createMemoryStorage,
  createPortico,
  type PorticoClient,
  type SwapQuote,
  type SwapToken,
} from '@portico/core'
import { type Devnet, DevnetToken, startDevnet, uniswapV2RouterAbi } from '@portico/devnet'
import { createDevnetWalletCore, type DevnetWalletCore } from '@portico/devnet/wallet'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  type Hash,
  http,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

// The Devnet Wallet's core, handed to the SDK as an app-provided connector: no DOM. Every swap
// below goes through the real Uniswap V2 Router02 of the devnet chain.
const WALLET_ID = 'devnet-wallet'
let devnet: Devnet
let wallet: DevnetWalletCore
let portico: PorticoClient
/** Runs before the wallet signs a transaction (a test moves the pool's price there). */
let beforeSend: (() => Promise<void>) | undefined
/** The transactions the wallet was asked to send. */
let sent = 0
/**
 * A hostile swap API for the convert routes only: given the path, its answer replaces the
 * devnet's when it returns one. Everything else (the chain, the other routes) is the devnet.
 */
let hostile:
  | ((path: string, url: URL) => Response | undefined | Promise<Response | undefined>)
  | undefined
const apiFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  const answer = url.pathname.startsWith('/v1/convert/')
    ? await hostile?.(url.pathname, url)
    : undefined
  return answer ?? fetch(input, init)
}
const stops: (() => void)[] = []

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  wallet = createDevnetWalletCore({ chains: [...devnet.chains], autoApprove: true })
  const provider = {
    ...wallet.provider,
    async request(args: { method: string; params?: unknown }) {
      if (args.method === 'eth_sendTransaction') sent++
      if (args.method === 'eth_sendTransaction' && beforeSend) await beforeSend()
      return wallet.provider.request(args as never)
    },
  }
  portico = createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
    storage: createMemoryStorage(),
    logLevel: 'silent',
    fetch: apiFetch,
    // The devnet's Router02, the one router its swaps may call (the same on every chain).
    swaps: { chainIds: [31337, 31338], routers: devnetRouters() },
    connectors: [{ id: WALLET_ID, name: 'Devnet Wallet', provider: provider as never }],
  })
  await portico.connection.connect({ connectorId: WALLET_ID })
  // What the Swap view shows: subscribing loads the swap code, the tokens and the quotes.
  stops.push(portico.swap.$tokens.listen(() => undefined))
  stops.push(portico.swap.$quote.listen(() => undefined))
}, 60_000)

afterAll(async () => {
  for (const stop of stops) stop()
  portico?.destroy()
  await devnet?.stop()
})

const user = () => devnet.accounts[0]!.address as Address
const devnetRouters = () => ({
  31337: [devnet.swap[31337]!.router],
  31338: [devnet.swap[31338]!.router],
})
const chain = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
const swapContracts = () => devnet.swap[31337]!
const tokens = () => devnet.tokens[31337]!

/** Polls a store until `ready` holds; fails with what it last held after the deadline. */
async function until<T>(store: { get(): T }, ready: (value: T) => boolean, ms = 20_000) {
  const deadline = Date.now() + ms
  while (!ready(store.get())) {
    if (Date.now() > deadline) {
      throw new Error(
        `gave up waiting: ${JSON.stringify(store.get(), (_k, v) => (typeof v === 'bigint' ? `${v}` : v))}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return store.get()
}

async function token(symbol: string): Promise<SwapToken> {
  const lists = await until(portico.swap.$tokens, (s) => s.status === 'success')
  const found = lists.data?.tokens.find((t) => t.symbol === symbol)
  if (!found) throw new Error(`no ${symbol} to swap`)
  return found
}

/** Fills the form and waits for the quote of exactly this form. */
async function quoteFor(from: string, to: string, amount: string): Promise<SwapQuote> {
  await portico.swap.setSource(await token(from))
  await portico.swap.setTarget(await token(to))
  portico.swap.setAmount(amount)
  const state = await until(
    portico.swap.$quote,
    (q) =>
      (q.status === 'success' &&
        q.data?.source.symbol === from &&
        q.data.target.symbol === to &&
        q.data.amountIn === parseUnits(amount, q.data.source.decimals)) ||
      q.status === 'error',
  )
  if (!state.data) throw state.error
  return state.data
}

async function balanceOf(symbol: 'ETH' | 'USDC' | 'PTK'): Promise<bigint> {
  if (symbol === 'ETH') return chain().getBalance({ address: user() })
  return chain().readContract({
    address: tokens()[symbol.toLowerCase() as 'usdc' | 'ptk'],
    abi: DevnetToken.abi,
    functionName: 'balanceOf',
    args: [user()],
  }) as Promise<bigint>
}

/** What the account paid the network for a mined transaction. */
async function feePaid(hash: string): Promise<bigint> {
  const receipt = await chain().getTransactionReceipt({ hash: hash as Hash })
  return receipt.gasUsed * receipt.effectiveGasPrice
}

async function amountsOut(amountIn: bigint, path: Address[]): Promise<bigint> {
  const amounts = await chain().readContract({
    address: swapContracts().router,
    abi: uniswapV2RouterAbi,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  })
  return amounts.at(-1)!
}

describe('quotes on a devnet', () => {
  it('lists the tokens the pools trade, with prices and balances, the native token first', async () => {
    const lists = (await until(portico.swap.$tokens, (s) => s.status === 'success')).data!
    expect(lists.tokens.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'USDT', 'PTK'])
    const eth = lists.tokens[0]!
    expect(eth.price).toBe(3000)
    expect(eth.balance).toMatch(/^\d+/)
    expect(lists.myTokens.map((t) => t.symbol).sort()).toEqual(['ETH', 'PTK', 'USDC', 'USDT'])
    // The native token is the source until the user picks another.
    expect(portico.swap.$state.get().source?.symbol).toBe('ETH')
  })

  it("quotes what Router02's getAmountsOut pays, on the best path", async () => {
    const { weth } = swapContracts()
    const { usdc, ptk } = tokens()
    const direct = await quoteFor('ETH', 'USDC', '0.5')
    expect(direct.amountOut).toBe(await amountsOut(parseEther('0.5'), [weth, usdc]))
    // 0.5 ETH at 3000 USDC, less the 0.3 % fee and the pool's move: a little under 1495.
    expect(Number(direct.targetAmount)).toBeGreaterThan(1480)
    expect(Number(direct.targetAmount)).toBeLessThan(1495.5)
    expect(direct.minimumReceived).toBe(
      (Number(((direct.amountOut * 99n) / 100n).toString()) / 1e6).toString(),
    )
    expect(direct.needsApproval).toBe(false)
    expect(direct.networkFee.symbol).toBe('ETH')
    expect(direct.networkFee.value).toBeGreaterThan(0n)
    expect(direct.networkFee.usd).toBeGreaterThan(0)
    expect(direct.priceImpact).toBeGreaterThan(0.3)
    expect(direct.priceImpact).toBeLessThan(1)

    const twoHops = await quoteFor('USDC', 'PTK', '100')
    expect(twoHops.amountOut).toBe(await amountsOut(parseUnits('100', 6), [usdc, weth, ptk]))
    expect(twoHops.needsApproval).toBe(true)
  })

  it('says when the pools cannot carry the trade', async () => {
    await quoteFor('ETH', 'USDC', '99999999999999999').catch(() => undefined)
    const failed = portico.swap.$quote.get()
    expect(failed.status).toBe('error')
    expect(failed.error?.details?.message).toEqual({ key: 'swap.insufficientLiquidity' })
    expect(portico.swap.$errors.get().amount).toEqual({
      key: 'swap.insufficientBalance',
      params: { symbol: 'ETH' },
    })
  })
})

describe('swaps on a devnet', () => {
  it('swaps ETH for USDC: the balances move by the quoted amounts', async () => {
    const quote = await quoteFor('ETH', 'USDC', '0.5')
    const [eth, usdc] = [await balanceOf('ETH'), await balanceOf('USDC')]
    const review = await portico.swap.preview()
    expect(review.approval).toBeUndefined()
    expect(review.transaction?.value).toBe(parseEther('0.5'))
    expect(review.transaction?.to.toLowerCase()).toBe(swapContracts().router.toLowerCase())
    const hash = await portico.swap.swap()
    const received = (await balanceOf('USDC')) - usdc
    expect(received).toBe(quote.amountOut) // nothing traded in between: exactly the quote
    expect(received).toBeGreaterThanOrEqual(parseUnits(review.minimumReceived, 6))
    expect(eth - (await balanceOf('ETH'))).toBe(parseEther('0.5') + (await feePaid(hash)))
    expect(portico.swap.$swap.get()).toMatchObject({ status: 'success', data: hash })
    expect(portico.toast.$toast.get().message).toEqual({
      key: 'swap.swapped',
      params: { amount: '0.5', source: 'ETH', target: 'USDC' },
    })
    expect(portico.swap.$state.get().amount).toBe('')
  })

  it('refreshes the balances and the history after a swap', async () => {
    const shown = await until(
      portico.swap.$tokens,
      (s) =>
        s.data?.tokens.find((t) => t.symbol === 'USDC')?.balance !== undefined &&
        s.data.tokens.find((t) => t.symbol === 'USDC')?.balance !== '10000',
    )
    const usdc = shown.data!.tokens.find((t) => t.symbol === 'USDC')!
    expect(parseUnits(usdc.balance!, 6)).toBe(await balanceOf('USDC'))
    await until(portico.history.$history, (h) =>
      (h.data ?? []).some((t) => t.metadata.operationType === 'execute'),
    )
  })

  it('swaps USDC for ETH after an approval of exactly the amount', async () => {
    const quote = await quoteFor('USDC', 'ETH', '150')
    expect(quote.needsApproval).toBe(true)
    const review = await portico.swap.preview()
    expect(review.transaction).toBeUndefined()
    expect(review.approval?.to.toLowerCase()).toBe(tokens().usdc.toLowerCase())
    await expect(portico.swap.swap()).rejects.toThrow('approval comes first')

    const [eth, usdc] = [await balanceOf('ETH'), await balanceOf('USDC')]
    const approval = await portico.swap.approve()
    const allowance = await chain().readContract({
      address: tokens().usdc,
      abi: DevnetToken.abi,
      functionName: 'allowance',
      args: [user(), swapContracts().router],
    })
    expect(allowance).toBe(parseUnits('150', 6))
    // The swap is built once the router may spend the USDC.
    const built = portico.swap.$preview.get().data
    expect(built?.approval).toBeUndefined()
    expect(built?.transaction?.value).toBe(0n)
    const hash = await portico.swap.swap()
    expect(usdc - (await balanceOf('USDC'))).toBe(parseUnits('150', 6))
    const fees = (await feePaid(approval)) + (await feePaid(hash))
    const received = (await balanceOf('ETH')) - eth + fees
    expect(received).toBeGreaterThanOrEqual(parseEther(built!.minimumReceived))
    // Nothing traded between the build and the swap: exactly what the built swap expected.
    expect(received).toBe(parseEther(built!.targetAmount))
  })

  it('swaps USDC for PTK through two pools', async () => {
    const quote = await quoteFor('USDC', 'PTK', '40')
    await portico.swap.preview()
    if (portico.swap.$preview.get().data?.approval) await portico.swap.approve()
    const ptk = await balanceOf('PTK')
    await portico.swap.swap()
    const received = (await balanceOf('PTK')) - ptk
    expect(received).toBe(quote.amountOut)
  })
})

describe('a price that moved past the slippage', () => {
  it('is refused before the wallet sees it, and the user is told why', async () => {
    await quoteFor('ETH', 'USDC', '1')
    await portico.swap.preview()
    await devnet.moveSwapPrice({ sell: 'ETH', buy: 'USDC', amount: '5', chainId: 31337 })
    portico.toast.hide()
    const error = await portico.swap.swap().catch((e) => e)
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.details).toMatchObject({
      reason: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT',
      message: { key: 'swap.priceMoved', params: { slippage: 1 } },
    })
    expect(portico.toast.$toast.get()).toMatchObject({
      variant: 'error',
      message: { key: 'swap.priceMoved', params: { slippage: 1 } },
    })
    expect(portico.swap.$swap.get().status).toBe('error')
  })

  it('reverts on chain when it moves while the wallet asks, and the user is told why', async () => {
    await quoteFor('ETH', 'USDC', '1')
    const review = await portico.swap.preview()
    expect(review.transaction?.gas).toBeGreaterThan(0n)
    const eth = await balanceOf('ETH')
    beforeSend = async () => {
      beforeSend = undefined
      await devnet.moveSwapPrice({ sell: 'ETH', buy: 'USDC', amount: '5', chainId: 31337 })
    }
    portico.toast.hide()
    const error = await portico.swap.swap().catch((e) => e)
    expect(error.message).toBe('The transaction failed on chain')
    expect(error.details).toMatchObject({
      reason: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT',
      message: { key: 'swap.priceMoved', params: { slippage: 1 } },
    })
    // Mined and reverted: the ETH stayed, only the fee was paid.
    const hash = error.details.hash as string
    expect(eth - (await balanceOf('ETH'))).toBe(await feePaid(hash))
    expect((await chain().getTransactionReceipt({ hash: hash as Hash })).status).toBe('reverted')
  })
})

describe('a hostile swap API', () => {
  const ATTACKER = '0xbad0000000000000000000000000000000000bad'
  afterEach(() => {
    hostile = undefined
  })

  /** The review is refused for `reason`; the wallet was asked nothing and no balance moved. */
  async function refused(reason: string) {
    const before = { sent, eth: await balanceOf('ETH'), usdc: await balanceOf('USDC') }
    await expect(portico.swap.preview()).rejects.toMatchObject({
      code: 'SWAP_TRANSACTION_REFUSED',
      details: { reason },
    })
    await expect(portico.swap.swap()).rejects.toThrow('Review the swap first')
    expect(sent).toBe(before.sent)
    expect(await balanceOf('ETH')).toBe(before.eth)
    expect(await balanceOf('USDC')).toBe(before.usdc)
  }

  it('a swap of ETH whose minimum output is 0 is refused; the honest one then goes through', async () => {
    const { weth } = swapContracts()
    hostile = (path) =>
      path === '/v1/convert/build-transaction'
        ? Response.json({
            tx: {
              from: `eip155:31337:${user()}`,
              to: `eip155:31337:${swapContracts().router}`,
              data: encodeFunctionData({
                abi: uniswapV2RouterAbi,
                functionName: 'swapExactETHForTokens',
                args: [0n, [weth, tokens().usdc], user(), 2n ** 40n],
              }),
              amount: '1000000000',
            },
          })
        : undefined
    await quoteFor('ETH', 'USDC', '0.3')
    await refused('minimum')
    hostile = undefined
    const usdc = await balanceOf('USDC')
    await portico.swap.preview()
    await portico.swap.swap()
    expect(await balanceOf('USDC')).toBeGreaterThan(usdc)
  })

  it('an unlimited approval for another spender is refused', async () => {
    hostile = (path, url) =>
      path === '/v1/convert/build-approve'
        ? Response.json({
            tx: {
              from: url.searchParams.get('from'),
              to: url.searchParams.get('to'),
              data: encodeFunctionData({
                abi: DevnetToken.abi,
                functionName: 'approve',
                args: [ATTACKER, maxUint256],
              }),
            },
          })
        : undefined
    const quote = await quoteFor('USDC', 'PTK', '25')
    expect(quote.needsApproval).toBe(true)
    await refused('spender')
  })

  it('a swap the chain would refuse never reaches the wallet (simulated first)', async () => {
    // A Router02 call the checks accept (the path's native side is the router's to check): the
    // path starts with USDC, not WETH, and the router reverts.
    hostile = (path) =>
      path === '/v1/convert/build-transaction'
        ? Response.json({
            tx: {
              from: `eip155:31337:${user()}`,
              to: `eip155:31337:${swapContracts().router}`,
              data: encodeFunctionData({
                abi: uniswapV2RouterAbi,
                functionName: 'swapExactETHForTokens',
                args: [quote.amountOut, [tokens().usdc, tokens().usdc], user(), 2n ** 40n],
              }),
            },
          })
        : undefined
    const quote = await quoteFor('ETH', 'USDC', '0.25')
    const review = await portico.swap.preview()
    const before = sent
    const error = await portico.swap.swap().catch((e) => e)
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.details.reason).toBe('UniswapV2Router: INVALID_PATH')
    expect(review.transaction?.to.toLowerCase()).toBe(swapContracts().router.toLowerCase())
    expect(sent).toBe(before)
  })

  it('a router the app did not name is refused, and decimals the chain contradicts', async () => {
    // The API says USDC has 18 decimals; the chain says 6.
    hostile = async (path, url) => {
      if (path !== '/v1/convert/tokens') return undefined
      const { tokens: listed } = (await (await fetch(url)).json()) as {
        tokens: { symbol: string }[]
      }
      return Response.json({
        tokens: listed.map((t) => (t.symbol === 'USDC' ? { ...t, decimals: 18 } : t)),
      })
    }
    const client = createPortico({
      projectId: 'devnet',
      networks: [devnet.networks[0]!],
      apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
      storage: createMemoryStorage(),
      logLevel: 'silent',
      fetch: apiFetch,
      swaps: { chainIds: [31337] },
      connectors: [{ id: WALLET_ID, name: 'Devnet Wallet', provider: wallet.provider as never }],
    })
    const stop = client.swap.$tokens.listen(() => undefined)
    const stopQuote = client.swap.$quote.listen(() => undefined)
    try {
      await client.connection.connect({ connectorId: WALLET_ID })
      const lists = await until(client.swap.$tokens, (s) => s.status === 'success')
      const pick = (symbol: string) => lists.data!.tokens.find((t) => t.symbol === symbol)!
      await client.swap.setSource(pick('ETH'))
      await client.swap.setTarget(pick('PTK'))
      client.swap.setAmount('0.1')
      await until(client.swap.$quote, (q) => q.status === 'success')
      await expect(client.swap.preview()).rejects.toMatchObject({
        code: 'SWAP_TRANSACTION_REFUSED',
        details: { reason: 'router' },
      })
      // Refused before anything is built.
      await client.swap.setTarget(pick('USDC'))
      await until(
        client.swap.$quote,
        (q) => q.status === 'success' && q.data?.target.symbol === 'USDC',
      )
      await expect(client.swap.preview()).rejects.toMatchObject({
        code: 'TOKEN_DECIMALS_MISMATCH',
        details: { given: 18, chain: 6 },
      })
    } finally {
      stop()
      stopQuote()
      client.destroy()
    }
  })
})

describe('off the swap networks', () => {
  it('refuses to build a swap on a chain that is not a swap network', async () => {
    const client = createPortico({
      projectId: 'devnet',
      networks: [devnet.networks[0]!],
      apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
      storage: createMemoryStorage(),
      logLevel: 'silent',
    })
    try {
      expect(client.swap.$isSupported.get()).toBe(false)
      expect(client.swap.networks).toContain('eip155:1')
      expect(client.swap.networks).not.toContain('eip155:31337')
      const stop = client.swap.$tokens.listen(() => undefined)
      const tokens = await until(client.swap.$tokens, (s) => s.status === 'error')
      expect(tokens.error?.message).toBe('Network not supported for Swaps')
      stop()
    } finally {
      client.destroy()
    }
  })
})
