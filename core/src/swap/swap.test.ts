// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import { PorticoError } from '../errors/index.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import {
  approveCall,
  CHAIN,
  cleanups,
  ETH,
  ethForTokens,
  fakeWallet,
  GWEI,
  networks,
  quoted,
  type Reply,
  ROUTER,
  setup,
  shown,
  type swapServer,
  USDC,
  USDC_ADDRESS,
  USER,
  USER_CAIP,
  until,
} from '../test-utils/swapServer.js'
import type { SwapToken } from './types.js'
// Loaded here so the feature's import() of it resolves at once under fake timers.
import './lazy.js'

describe('the light part', () => {
  it('offers swaps on the spec networks and those the app adds, only while the feature is on', () => {
    const { client } = setup()
    expect(client.swap.networks).toEqual([
      'eip155:1',
      'eip155:42161',
      'eip155:10',
      'eip155:324',
      'eip155:8453',
      'eip155:56',
      'eip155:137',
      'eip155:100',
      'eip155:43114',
      'eip155:250',
      'eip155:8217',
      'eip155:1313161554',
      'eip155:31337',
    ])
    expect(client.swap.$isSupported.get()).toBe(true)
    expect(client.swap.$state.get()).toEqual({
      source: undefined,
      target: undefined,
      amount: '',
      slippage: 1,
    })
    const { client: off } = setup({ features: { swaps: false } })
    expect(off.swap.$isSupported.get()).toBe(false)
    const { client: elsewhere } = setup({ swaps: {} })
    expect(elsewhere.swap.$isSupported.get()).toBe(false)
  })

  it('refuses bad options', () => {
    expect(() => setup({ swaps: { slippage: 51 } })).toThrow(/slippage 0 to 50/)
    expect(() => setup({ swaps: { slippage: 0.5 } })).toThrow(/slippage/)
    expect(() => setup({ swaps: { chainIds: [0] } })).toThrow(/chainIds/)
    expect(() => setup({ swaps: { chainIds: [1.5] } })).toThrow(/chainIds/)
    expect(() => setup({ swaps: { routers: { 1: ['0x12'] } } })).toThrow(
      'swaps: routers are lists of 0x addresses by chain id',
    )
    expect(setup({ swaps: { slippage: 50 } }).client.swap.$state.get().slippage).toBe(50)
    expect(setup({ swaps: { slippage: 0 } }).client.swap.$state.get().slippage).toBe(0)
  })

  it('asks nothing of the swap API until something shows the tokens or a quote', async () => {
    const { client, server } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    client.swap.setAmount('1')
    expect(client.swap.$state.get().amount).toBe('1')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(server.state.hits.filter((hit) => hit.includes('/convert/'))).toEqual([])
    cleanups.push(client.swap.$tokens.listen(() => undefined))
    await until(() => client.swap.$tokens.get().status === 'success')
    expect(server.state.hits).toContain('/v1/convert/tokens')
  })
})

describe('tokens', () => {
  it('lists the chain tokens with prices and balances, the native token as the source', async () => {
    const { client } = await shown()
    const lists = client.swap.$tokens.get().data!
    expect(lists.tokens.map((t) => [t.symbol, t.price, t.balance])).toEqual([
      ['ETH', 3000, '10'],
      ['USDC', 1, '1000'],
    ])
    expect(lists.myTokens.map((t) => t.symbol)).toEqual(['ETH', 'USDC'])
    expect(client.swap.$state.get().source?.symbol).toBe('ETH')
  })

  it('still lists them without prices (then priced from the balances), and says why when the list fails', async () => {
    const context = setup()
    context.server.routes['/v1/fungible/price'] = () => new Response('down', { status: 503 })
    await context.client.connection.connect({ connectorId: 'wallet' })
    cleanups.push(context.client.swap.$tokens.listen(() => undefined))
    await until(() => context.client.swap.$tokens.get().data?.tokens[0]?.balance === '10')
    expect(context.client.swap.$tokens.get().data?.tokens.map((t) => t.price)).toEqual([3000, 1])

    const failing = setup()
    failing.server.routes['/v1/convert/tokens'] = () => new Response('down', { status: 503 })
    await failing.client.connection.connect({ connectorId: 'wallet' })
    cleanups.push(failing.client.swap.$tokens.listen(() => undefined))
    await until(() => failing.client.swap.$tokens.get().status === 'error')
    expect(failing.client.swap.$tokens.get().error).toMatchObject({
      code: 'API_ERROR',
      details: { status: 503, reason: 'SERVICE_UNAVAILABLE' },
    })
  })

  it('asks the prices of the listed tokens', async () => {
    const context = setup()
    const asked: unknown[] = []
    const prices = context.server.routes['/v1/fungible/price']!
    context.server.routes['/v1/fungible/price'] = (url, body) => {
      asked.push((body as { addresses: unknown }).addresses)
      return prices(url, body)
    }
    cleanups.push(context.client.swap.$tokens.listen(() => undefined))
    await until(() => context.client.swap.$tokens.get().status === 'success')
    expect(asked).toEqual([[USDC, ETH]])
  })

  it.each([
    ['list', () => Response.json({ tokens: [] })],
    ['failure', () => new Response('down', { status: 503 })],
  ])('a %s answered after the view closed never replaces the list shown since', async (_, late) => {
    const { client, server } = setup()
    const tokens = server.routes['/v1/convert/tokens']!
    let answerFirst: ((reply: Response) => void) | undefined
    server.routes['/v1/convert/tokens'] = (url, body) => {
      if (answerFirst) return tokens(url, body)
      return new Promise<Response>((resolve) => {
        answerFirst = resolve
      })
    }
    const stop = client.swap.$tokens.listen(() => undefined)
    await until(() => answerFirst !== undefined)
    stop()
    await vi.advanceTimersByTimeAsync(1_500) // nanostores lets go of a store after 1 s
    cleanups.push(client.swap.$tokens.listen(() => undefined))
    await until(() => client.swap.$tokens.get().status === 'success')
    answerFirst?.(late())
    await vi.advanceTimersByTimeAsync(1_000)
    expect(client.swap.$tokens.get().status).toBe('success')
    expect(client.swap.$tokens.get().data?.tokens.map((t) => t.symbol)).toEqual(['ETH', 'USDC'])
  })

  it('without an EVM network the list is the catalogue error', async () => {
    const { client } = setup({
      networks: [
        {
          id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          name: 'Solana',
          nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
          rpcUrls: { http: ['http://127.0.0.1:11'] },
        },
      ],
      adapters: { solana: () => Promise.reject(new Error('no Solana wallet in these tests')) },
    })
    cleanups.push(client.swap.$tokens.listen(() => undefined))
    await until(() => client.swap.$tokens.get().status === 'error')
    expect(client.swap.$tokens.get().error?.message).toBe('Network not supported for Swaps')
  })

  it('off the swap networks the list is the catalogue error', async () => {
    const { client } = setup({ swaps: {} })
    await client.connection.connect({ connectorId: 'wallet' })
    cleanups.push(client.swap.$tokens.listen(() => undefined))
    await until(() => client.swap.$tokens.get().status === 'error')
    expect(client.swap.$tokens.get().error?.message).toBe('Network not supported for Swaps')
  })
})

describe('quotes', () => {
  it('asks 400 ms after the last change, once, with the figures of the answer', async () => {
    const context = await shown()
    const { client, server, token } = context
    await client.swap.setTarget(token('USDC'))
    const asked = () => server.state.hits.filter((hit) => hit === '/v1/convert/quotes').length
    client.swap.setAmount('0.')
    await vi.advanceTimersByTimeAsync(300)
    client.swap.setAmount('0.5')
    expect(client.swap.$quote.get()).toEqual({
      status: 'pending',
      data: undefined,
      error: undefined,
      isPending: true,
    })
    await vi.advanceTimersByTimeAsync(399)
    expect(asked()).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => client.swap.$quote.get().status === 'success')
    expect(asked()).toBe(1)
    expect(client.swap.$quote.get()).toMatchObject({ error: undefined, isPending: false })
    const quote = client.swap.$quote.get().data!
    expect(quote).toMatchObject({
      amountIn: 5n * 10n ** 17n,
      amountOut: 1_500_000_000n,
      sourceAmount: '0.5',
      targetAmount: '1500',
      rate: '3000',
      priceImpact: 0,
      minimumReceived: '1485',
      gasPrice: GWEI,
      needsApproval: false,
    })
    // 200 000 gas at 1 gwei, in ETH and at 3000 USD.
    expect(quote.networkFee).toEqual({
      value: 2n * 10n ** 14n,
      formatted: '0.0002',
      symbol: 'ETH',
      usd: 0.6,
    })
    expect(client.swap.$errors.get()).toEqual({})
  })

  it('asks for no quote while only one token is picked', async () => {
    const { client, server } = await shown()
    const asked = () => server.state.hits.filter((hit) => hit === '/v1/convert/quotes').length
    expect(client.swap.$state.get().source).toBeDefined()
    expect(client.swap.$state.get().target).toBeUndefined()
    client.swap.setAmount('0.5')
    expect(client.swap.$quote.get()).toEqual({
      status: 'idle',
      data: undefined,
      error: undefined,
      isPending: false,
    })
    await vi.advanceTimersByTimeAsync(400)
    // Nor when asked at once (Retry).
    await client.swap.refreshQuote()
    expect(asked()).toBe(0)
    expect(client.swap.$quote.get().status).toBe('idle')
  })

  it.each([
    [
      'answer',
      (url: URL, body: unknown, answer: (url: URL, body: unknown) => Reply) => answer(url, body),
    ],
    ['failure', () => new Response('down', { status: 503 })],
  ])('drops the %s for an older form', async (_, late) => {
    const context = await shown()
    const { client, server, token } = context
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const original = server.routes['/v1/convert/quotes']!
    server.routes['/v1/convert/quotes'] = async (url, body) => {
      if (url.searchParams.get('amount') !== String(10n ** 18n)) return original(url, body)
      await held
      return late(url, body, original)
    }
    await client.swap.setTarget(token('USDC'))
    client.swap.setAmount('1')
    await vi.advanceTimersByTimeAsync(450)
    client.swap.setAmount('2')
    release()
    await vi.advanceTimersByTimeAsync(10)
    expect(client.swap.$quote.get()).toMatchObject({
      status: 'pending',
      data: undefined,
      error: undefined,
    })
    await until(() => client.swap.$quote.get().status === 'success')
    expect(client.swap.$quote.get().data?.targetAmount).toBe('6000')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(client.swap.$quote.get().data?.targetAmount).toBe('6000')
  })

  it.each([
    ['/v1/convert/gas-price', 'ETH', 'USDC'],
    ['/v1/convert/quotes', 'ETH', 'USDC'],
    ['/v1/convert/allowance', 'USDC', 'ETH'],
  ])('a newer form gives up the request to %s under way', async (route, from, to) => {
    const context = await shown()
    const { client, server, token } = context
    const answer = server.routes[route]!
    server.routes[route] = () => new Promise<Response>(() => undefined)
    await client.swap.setSource(token(from))
    await client.swap.setTarget(token(to))
    client.swap.setAmount('1')
    await until(() => server.state.hits.includes(route))
    server.routes[route] = answer
    client.swap.setAmount('2')
    expect(server.state.aborted).toEqual([route])
    await until(() => client.swap.$quote.get().status === 'success')
  })

  it('quotes for a visitor without a wallet: no allowance asked; no review, no Max', async () => {
    const { client, server } = setup()
    cleanups.push(client.swap.$tokens.listen(() => undefined))
    cleanups.push(client.swap.$quote.listen(() => undefined))
    await until(() => client.swap.$tokens.get().status === 'success')
    const [eth, usdc] = client.swap.$tokens.get().data!.tokens
    await client.swap.setSource(usdc!)
    await client.swap.setTarget(eth!)
    client.swap.setAmount('100')
    await until(() => client.swap.$quote.get().status !== 'pending')
    expect(client.swap.$quote.get().data?.needsApproval).toBe(false)
    expect(server.state.hits).not.toContain('/v1/convert/allowance')
    await expect(client.swap.preview()).rejects.toMatchObject({ code: 'NO_ACTIVE_CAIP_ADDRESS' })
    // The balance is unknown: Max leaves the amount as it is, with a token or none.
    await client.swap.setMax()
    expect(client.swap.$state.get().amount).toBe('100')
    await client.swap.switchTokens()
    await client.swap.setMax()
    expect(client.swap.$state.get()).toMatchObject({
      source: { symbol: 'ETH' },
      amount: '0.033333333333333333',
    })
    await client.swap.reset()
    await client.swap.setMax()
    expect(client.swap.$state.get().amount).toBe('')
  })

  it('needs an approval when the allowance is short, and counts its gas', async () => {
    const context = await shown()
    context.server.state.allowance = 99_999_999n
    const allowance = context.server.routes['/v1/convert/allowance']!
    const asked: Record<string, string>[] = []
    context.server.routes['/v1/convert/allowance'] = (url, body) => {
      asked.push(Object.fromEntries(url.searchParams))
      return allowance(url, body)
    }
    const quote = (await quoted(context, 'USDC', 'ETH', '100')).data!
    expect(asked).toEqual([expect.objectContaining({ tokenAddress: USDC, userAddress: USER_CAIP })])
    expect(quote.needsApproval).toBe(true)
    expect(quote.targetAmount).toBe('0.033333333333333333')
    expect(quote.networkFee.value).toBe(260_000n * GWEI)
    context.server.state.allowance = 100_000_000n
    await context.client.swap.refreshQuote()
    expect(context.client.swap.$quote.get().data?.needsApproval).toBe(false)
  })

  it('counts the fee in the native token of the chain', async () => {
    const dev = { ...networks[0], nativeCurrency: { name: 'Dev', symbol: 'DEV', decimals: 18 } }
    const context = await shown({ networks: [dev, networks[1]] })
    const quote = (await quoted(context, 'ETH', 'USDC', '1')).data!
    expect(quote.networkFee).toMatchObject({ value: 2n * 10n ** 14n, symbol: 'DEV' })
  })

  it('without the native token in the list, quotes with a fee of no known USD worth', async () => {
    const { client, server } = setup()
    const DAI = `${CHAIN}:0x${'da'.repeat(20)}`
    server.routes['/v1/convert/tokens'] = () =>
      Response.json({
        tokens: [
          { name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: '' },
          { name: 'Dai', symbol: 'DAI', address: DAI, decimals: 18, logoUri: '' },
        ],
      })
    cleanups.push(client.swap.$tokens.listen(() => undefined))
    cleanups.push(client.swap.$quote.listen(() => undefined))
    await until(() => client.swap.$tokens.get().status === 'success')
    const [dai, usdc] = client.swap.$tokens.get().data!.tokens
    await client.swap.setSource(usdc!)
    await client.swap.setTarget(dai!)
    client.swap.setAmount('1')
    await until(() => client.swap.$quote.get().status !== 'pending')
    expect(client.swap.$quote.get().data?.networkFee).toMatchObject({ symbol: 'ETH', usd: 0 })
  })

  it('checks the amount while the token list is unavailable', async () => {
    const { client, server } = setup()
    server.routes['/v1/convert/tokens'] = () => new Response('down', { status: 503 })
    await client.connection.connect({ connectorId: 'wallet' })
    cleanups.push(client.swap.$tokens.listen(() => undefined))
    await until(() => client.swap.$tokens.get().status === 'error')
    const eth: SwapToken = {
      address: ETH,
      chainId: CHAIN,
      name: 'Ether',
      symbol: 'ETH',
      decimals: 18,
      logoUri: '',
      price: 3000,
      balance: '1',
      value: 3000,
    }
    await client.swap.setSource(eth)
    client.swap.setAmount('2')
    expect(client.swap.$errors.get()).toEqual({
      amount: { key: 'swap.insufficientBalance', params: { symbol: 'ETH' } },
    })
  })

  it('tells insufficient liquidity, balance and gas apart', async () => {
    const context = await shown()
    context.server.routes['/v1/convert/quotes'] = () =>
      Response.json(
        { error: 'insufficient liquidity: the amount is more than the ETH/USDC pool can take' },
        { status: 400 },
      )
    const failed = await quoted(context, 'ETH', 'USDC', '11')
    expect(failed.status).toBe('error')
    expect(failed.error?.details?.message).toEqual({ key: 'swap.insufficientLiquidity' })
    expect(context.client.swap.$errors.get().amount).toEqual({
      key: 'swap.insufficientBalance',
      params: { symbol: 'ETH' },
    })
    context.server.routes['/v1/convert/quotes'] = () => Response.json({ quotes: [] })
    context.client.swap.setAmount('9.9999')
    await until(() => context.client.swap.$quote.get().status === 'error')
    expect(context.client.swap.$quote.get().error).toMatchObject({
      code: 'API_ERROR',
      message: 'No pool route pays anything for this amount',
    })
    expect(context.client.swap.$quote.get().error?.details?.message).toEqual({
      key: 'swap.insufficientLiquidity',
    })
    expect(context.client.swap.$errors.get()).toEqual({})
    // Once the quote tells the fee: 10 ETH less 9.9999 leaves less than 0.0002 ETH.
    context.server.routes['/v1/convert/quotes'] = () =>
      Response.json({ quotes: [{ toAmount: '5' }] })
    await context.client.swap.refreshQuote()
    expect(context.client.swap.$errors.get().amount).toEqual({
      key: 'swap.insufficientGas',
      params: { symbol: 'ETH' },
    })
  })

  it('shows a service that is down, and a malformed answer, as errors the user can retry', async () => {
    const context = await shown()
    context.server.routes['/v1/convert/gas-price'] = () => new Response('', { status: 503 })
    expect(await quoted(context, 'ETH', 'USDC', '1')).toMatchObject({
      isPending: false,
      error: { code: 'API_ERROR', details: { status: 503, reason: 'SERVICE_UNAVAILABLE' } },
    })
    context.server.routes['/v1/convert/gas-price'] = () => Response.json({ standard: 'soon' })
    await expect(context.client.swap.refreshQuote()).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    })
    expect(context.client.swap.$quote.get().status).toBe('error')
  })

  it('gives up on a quote the service never answers after 30 s, and a retry asks again', async () => {
    const context = await shown()
    const original = context.server.routes['/v1/convert/quotes']!
    context.server.routes['/v1/convert/quotes'] = () => new Promise<Response>(() => undefined)
    await context.client.swap.setTarget(context.token('USDC'))
    context.client.swap.setAmount('1')
    await vi.advanceTimersByTimeAsync(400 + 29_999)
    expect(context.client.swap.$quote.get().status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(context.client.swap.$quote.get().error?.code).toBe('API_TIMEOUT')
    context.server.routes['/v1/convert/quotes'] = original
    await context.client.swap.refreshQuote()
    expect(context.client.swap.$quote.get().data?.targetAmount).toBe('3000')
  })

  it('checks the amount as it is typed, without asking', async () => {
    const context = await shown()
    await context.client.swap.setSource(context.token('USDC'))
    await context.client.swap.setTarget(context.token('ETH'))
    context.client.swap.setAmount('1.0000001')
    expect(context.client.swap.$quote.get().status).toBe('idle')
    expect(context.client.swap.$errors.get().amount).toEqual({
      key: 'swap.tooManyDecimals',
      params: { decimals: 6 },
    })
    context.client.swap.setAmount('')
    await vi.advanceTimersByTimeAsync(500)
    expect(context.client.swap.$errors.get()).toEqual({})
    expect(context.client.swap.$quote.get().status).toBe('idle')
  })

  it('asks again for the account the wallet moves to, and drops the review of the other', async () => {
    const context = await shown()
    const { client, server, wallet } = context
    const asked = () => server.state.hits.filter((hit) => hit === '/v1/convert/quotes').length
    await quoted(context, 'ETH', 'USDC', '0.5')
    await client.swap.preview()
    expect(client.swap.$preview.get().status).toBe('success')
    const before = asked()
    wallet.events?.accountsChanged([TEST_ACCOUNTS[1]])
    expect(client.swap.$preview.get().status).toBe('idle')
    await until(() => asked() === before + 1)
    await until(() => client.swap.$quote.get().status === 'success')
  })

  it('a space around the amount is the same form: no new quote, the review stays', async () => {
    const context = await shown()
    const { client, server } = context
    const asked = () => server.state.hits.filter((hit) => hit === '/v1/convert/quotes').length
    await quoted(context, 'ETH', 'USDC', '1')
    await client.swap.preview()
    const before = asked()
    client.swap.setAmount(' 1 ')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(asked()).toBe(before)
    expect(client.swap.$preview.get().status).toBe('success')
  })

  it('fresher balances keep the quote and the review, whatever the case of the picked address', async () => {
    const context = await shown()
    const { client, server, token } = context
    const asked = () => server.state.hits.filter((hit) => hit === '/v1/convert/quotes').length
    await client.swap.setTarget({ ...token('USDC'), address: USDC.toLowerCase() })
    client.swap.setAmount('1')
    await until(() => client.swap.$quote.get().status === 'success')
    await client.swap.preview()
    const before = asked()
    const balances = server.routes['/v1/account/balance']!
    server.routes['/v1/account/balance'] = async (url, body) => {
      const answer = await (await balances(url, body)).json()
      answer.balances[1].quantity.numeric = '2500'
      return Response.json(answer)
    }
    await client.balances.fetchTokenBalances({ forceUpdate: true })
    await until(() => client.swap.$state.get().target?.balance === '2500')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(asked()).toBe(before)
    expect(client.swap.$preview.get().status).toBe('success')
  })

  /** A quote for 1 ETH → USDC shown by one watcher (`stop` lets go of it), and how often one was asked. */
  async function watchedQuote() {
    const { client, server, wallet } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    cleanups.push(client.swap.$tokens.listen(() => undefined))
    await until(() => client.swap.$tokens.get().status === 'success')
    const usdc = client.swap.$tokens.get().data!.tokens.find((t) => t.symbol === 'USDC')!
    const asked = () => server.state.hits.filter((hit) => hit === '/v1/convert/quotes').length
    const stop = client.swap.$quote.listen(() => undefined)
    await client.swap.setTarget(usdc)
    client.swap.setAmount('1')
    await until(() => client.swap.$quote.get().status === 'success')
    return { client, server, wallet, asked, stop }
  }

  it('asks nothing when the account changes while nothing shows the quote', async () => {
    const { wallet, asked, stop } = await watchedQuote()
    stop()
    await vi.advanceTimersByTimeAsync(1_500) // nanostores lets go of a store after 1 s
    wallet.events?.accountsChanged([TEST_ACCOUNTS[1]])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(asked()).toBe(1)
  })

  it('drops a review made for another account even when nothing shows the quote', async () => {
    const { client, wallet, stop } = await watchedQuote()
    await client.swap.preview()
    expect(client.swap.$preview.get().status).toBe('success')
    stop()
    await vi.advanceTimersByTimeAsync(1_500) // nanostores lets go of a store after 1 s
    wallet.events?.accountsChanged([TEST_ACCOUNTS[1]])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(client.swap.$preview.get().status).toBe('idle')
    await expect(client.swap.swap()).rejects.toThrow('Review the swap first')
    expect(wallet.handed).toEqual([])
  })

  it('stops asking once nothing shows the quote', async () => {
    const { client, asked, stop } = await watchedQuote()
    expect(asked()).toBe(1)
    stop()
    await vi.advanceTimersByTimeAsync(1_500) // nanostores lets go of a store after 1 s
    expect(asked()).toBe(1)
    client.swap.setAmount('2')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(asked()).toBe(1)
    expect(client.swap.$quote.get().status).toBe('idle')
    // Shown again: the quote of the form as it is now.
    cleanups.push(client.swap.$quote.listen(() => undefined))
    await until(() => client.swap.$quote.get().status === 'success')
    expect(client.swap.$quote.get().data?.targetAmount).toBe('6000')
  })

  // BUG (reported, not fixed): the account listener asks again only while the quote is shown, and
  // watchQuote keeps a successful quote of the same form; so the quote shown again was made for the
  // other account (its allowance, its fee), and nothing asks for the new one until the form changes.
  it('shown again after the account changed while hidden, asks for the new account', async () => {
    const { client, wallet, asked, stop } = await watchedQuote()
    stop()
    await vi.advanceTimersByTimeAsync(1_500) // nanostores lets go of a store after 1 s
    wallet.events?.accountsChanged([TEST_ACCOUNTS[1]])
    await vi.advanceTimersByTimeAsync(1_000)
    cleanups.push(client.swap.$quote.listen(() => undefined))
    await vi.advanceTimersByTimeAsync(1_000)
    expect(asked()).toBe(2)
  })

  it('shown again, the same form keeps its quote: nothing is asked again', async () => {
    const { client, asked, stop } = await watchedQuote()
    stop()
    await vi.advanceTimersByTimeAsync(1_500) // nanostores lets go of a store after 1 s
    cleanups.push(client.swap.$quote.listen(() => undefined))
    await vi.advanceTimersByTimeAsync(1_000)
    expect(asked()).toBe(1)
    expect(client.swap.$quote.get()).toMatchObject({
      status: 'success',
      data: { targetAmount: '3000' },
    })
  })

  it('shown again after a failed quote, asks again', async () => {
    const { client, server, asked, stop } = await watchedQuote()
    const quotes = server.routes['/v1/convert/quotes']!
    server.routes['/v1/convert/quotes'] = () => new Response('down', { status: 503 })
    await expect(client.swap.refreshQuote()).rejects.toMatchObject({ code: 'API_ERROR' })
    stop()
    await vi.advanceTimersByTimeAsync(1_500) // nanostores lets go of a store after 1 s
    server.routes['/v1/convert/quotes'] = quotes
    cleanups.push(client.swap.$quote.listen(() => undefined))
    await until(() => client.swap.$quote.get().status === 'success')
    expect(asked()).toBe(3)
  })

  it('closed while a quote is under way, gives it up and shows no wait', async () => {
    const { client, server, stop } = await watchedQuote()
    server.routes['/v1/convert/quotes'] = () => new Promise<Response>(() => undefined)
    client.swap.setAmount('2')
    await vi.advanceTimersByTimeAsync(400)
    stop()
    await vi.advanceTimersByTimeAsync(1_500) // nanostores lets go of a store after 1 s
    expect(server.state.aborted).toEqual(['/v1/convert/quotes'])
    // Read without mounting the store (get() would show the quote again).
    expect(client.swap.$quote.value?.status).toBe('idle')
  })
})

describe('the form', () => {
  it('picking the other side’s token swaps the two; switching takes the quoted amount', async () => {
    const context = await shown()
    const { client, token } = context
    await quoted(context, 'ETH', 'USDC', '0.5')
    await client.swap.switchTokens()
    expect(client.swap.$state.get()).toMatchObject({ amount: '1500' })
    expect(client.swap.$state.get().source?.symbol).toBe('USDC')
    expect(client.swap.$state.get().target?.symbol).toBe('ETH')
    await client.swap.setSource(token('ETH'))
    expect(client.swap.$state.get().target?.symbol).toBe('USDC')
    await client.swap.setTarget(token('ETH'))
    expect(client.swap.$state.get().source?.symbol).toBe('USDC')
    // Without a quote of this form, the amount stays.
    client.swap.setAmount('7')
    await client.swap.switchTokens()
    expect(client.swap.$state.get().amount).toBe('7')
  })

  it('Max: all of a token; of the native token, twice the swap fee left aside', async () => {
    const context = await shown()
    const { client, token } = context
    await client.swap.setSource(token('USDC'))
    await client.swap.setMax()
    expect(client.swap.$state.get().amount).toBe('1000')
    await client.swap.setSource(token('ETH'))
    await client.swap.setMax()
    // 10 ETH less 2 × 200 000 gas × 1 gwei.
    expect(client.swap.$state.get().amount).toBe('9.9996')
    context.server.routes['/v1/convert/gas-price'] = () => new Response('', { status: 503 })
    await expect(client.swap.setMax()).rejects.toMatchObject({ details: { status: 503 } })
    // A token's Max needs no gas price.
    await client.swap.setSource(token('USDC'))
    await client.swap.setMax()
    expect(client.swap.$state.get().amount).toBe('1000')
  })

  it('slippage is a whole percent from 0 to 50; it sets the minimum received', async () => {
    const context = await shown()
    await expect(context.client.swap.setSlippage(51)).rejects.toThrow(
      'The slippage must be a whole percent from 0 to 50 (got 51)',
    )
    await expect(context.client.swap.setSlippage(-1)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    })
    await context.client.swap.setSlippage(5)
    const quote = await quoted(context, 'ETH', 'USDC', '1')
    expect(quote.data?.minimumReceived).toBe('2850')
    await context.client.swap.reset()
    expect(context.client.swap.$state.get()).toEqual({
      source: undefined,
      target: undefined,
      amount: '',
      slippage: 5,
    })
  })
})

describe('the review and the transactions', () => {
  it('swaps the native token: the amount as value, the router as target; then toast and refresh', async () => {
    const context = await shown()
    const { client, server, wallet } = context
    await quoted(context, 'ETH', 'USDC', '0.5')
    const review = await client.swap.preview()
    expect(review.approval).toBeUndefined()
    expect(review.transaction).toEqual({
      to: ROUTER.split(':')[2],
      data: ethForTokens(1_485_000_000n, USDC_ADDRESS),
      value: 5n * 10n ** 17n,
      gas: 150_000n,
    })
    expect(review.targetAmount).toBe('1500')
    expect(review.minimumReceived).toBe('1485')
    expect(review.networkFee.value).toBe(150_000n * 2n * GWEI)
    expect(server.state.built).toEqual([
      {
        projectId: 'p',
        amount: String(5n * 10n ** 17n),
        from: ETH,
        to: USDC,
        userAddress: USER_CAIP,
        eip155: { slippage: 1 },
        disableEstimate: false,
      },
    ])
    const balanceAsks = server.state.hits.filter((hit) => hit === '/v1/account/balance').length
    const nativeReads = wallet.nativeReads
    const [first, second] = await Promise.all([client.swap.swap(), client.swap.swap()])
    expect(first).toBe(second)
    expect(wallet.handed).toEqual([
      {
        from: USER,
        to: ROUTER.split(':')[2],
        data: ethForTokens(1_485_000_000n, USDC_ADDRESS),
        value: 5n * 10n ** 17n,
        gas: 150_000n,
      },
    ])
    expect(client.toast.$toast.get()).toMatchObject({
      variant: 'success',
      message: { key: 'swap.swapped', params: { amount: '0.5', source: 'ETH', target: 'USDC' } },
    })
    expect(client.swap.$swap.get()).toMatchObject({ status: 'success', data: first })
    expect(client.swap.$state.get().amount).toBe('')
    await until(
      () => server.state.hits.filter((hit) => hit === '/v1/account/balance').length > balanceAsks,
    )
    // Read again from the wallet, not from the cache of a moment ago.
    await until(() => wallet.nativeReads > nativeReads)
  })

  it('approves first: to the token, exactly the amount; then the swap is built', async () => {
    const context = await shown()
    const { client, server, wallet } = context
    await quoted(context, 'USDC', 'ETH', '100')
    const review = await client.swap.preview()
    expect(review.transaction).toBeUndefined()
    expect(review.approval).toEqual({
      to: USDC_ADDRESS,
      data: approveCall(ROUTER.split(':')[2]!, 100_000_000n),
      value: 0n,
      gas: undefined,
    })
    await expect(client.swap.swap()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The approval comes first',
    })
    wallet.answer = async () => {
      server.state.allowance = 100_000_000n
      return `0x${'2'.repeat(64)}`
    }
    expect(await client.swap.approve()).toBe(`0x${'2'.repeat(64)}`)
    expect(client.toast.$toast.get()?.message).toEqual({
      key: 'swap.approved',
      params: { symbol: 'USDC' },
    })
    const built = client.swap.$preview.get().data!
    expect(built.approval).toBeUndefined()
    expect(built.transaction?.value).toBe(0n)
    await expect(client.swap.approve()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Nothing to approve',
    })
  })

  it('refuses an approval that is not an approve call of the token sold', async () => {
    const context = await shown()
    context.server.routes['/v1/convert/build-approve'] = () =>
      Response.json({ tx: { from: USDC, to: ETH, data: '0xa9059cbb', value: '0' } })
    await quoted(context, 'USDC', 'ETH', '100')
    await expect(context.client.swap.preview()).rejects.toMatchObject({
      code: 'SWAP_TRANSACTION_REFUSED',
      details: { reason: 'call' },
    })
    context.server.routes['/v1/convert/build-approve'] = () =>
      Response.json({ tx: { from: ETH, to: USDC, data: '0x095ea7b3', value: '0' } })
    await expect(context.client.swap.preview()).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    })
  })

  it('refuses a swap built for another account', async () => {
    const context = await shown()
    context.server.routes['/v1/convert/build-transaction'] = () =>
      Response.json({
        tx: { from: `${CHAIN}:${TEST_ACCOUNTS[1]}`, to: ROUTER, data: '0x7ff36ab5' },
      })
    await quoted(context, 'ETH', 'USDC', '1')
    await expect(context.client.swap.preview()).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'The swap was built for another account',
    })
  })

  it('does not review an invalid or incomplete form', async () => {
    const context = await shown()
    await context.client.swap.setTarget(context.token('USDC'))
    await expect(context.client.swap.preview()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Choose two tokens and an amount',
      details: { message: { key: 'swap.incomplete' } },
    })
    context.client.swap.setAmount('20')
    await expect(context.client.swap.preview()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The swap form is not valid',
      details: { message: { key: 'swap.insufficientBalance', params: { symbol: 'ETH' } } },
    })
    await expect(context.client.swap.swap()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Review the swap first',
    })
  })

  it('the review tells what the built swap pays when it differs from the quote', async () => {
    const context = await shown()
    const build = context.server.routes['/v1/convert/build-transaction']!
    context.server.routes['/v1/convert/build-transaction'] = async (url, body) => {
      const answer = await (await build(url, body)).json()
      return Response.json({ tx: { ...answer.tx, amount: '2990000000' } })
    }
    await quoted(context, 'ETH', 'USDC', '1')
    expect(await context.client.swap.preview()).toMatchObject({
      targetAmount: '2990',
      minimumReceived: '2960.1',
    })
  })

  it('needs a wallet that sends transactions', async () => {
    const { adapter } = fakeWallet()
    const context = await shown({
      adapters: { eip155: async () => ({ ...adapter, transactions: undefined }) },
    })
    await quoted(context, 'ETH', 'USDC', '1')
    await expect(context.client.swap.preview()).rejects.toMatchObject({
      code: 'NO_ACTIVE_CAIP_ADDRESS',
    })
  })

  it('refuses to review tokens of another chain than the wallet’s, whose balance is not theirs', async () => {
    const context = await shown({ swaps: { chainIds: [31337, 31338] } })
    const { client, token } = context
    const onL2 = (t: SwapToken): SwapToken => ({
      ...t,
      address: t.address.replace(CHAIN, 'eip155:31338'),
      chainId: 'eip155:31338',
      balance: undefined,
    })
    await client.swap.setSource(onL2(token('ETH')))
    await client.swap.setTarget(onL2(token('USDC')))
    // The 10 ETH the wallet holds are on the devnet: they say nothing of the L2's fee.
    client.swap.setAmount('20')
    expect(client.swap.$errors.get()).toEqual({})
    await expect(client.swap.preview()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The wallet is on another network than the swap',
      details: { message: { key: 'swap.wrongNetwork' } },
    })
  })

  it("a declined swap says so; a revert says why; the wallet's silence has a deadline", async () => {
    const context = await shown()
    const { client, wallet } = context
    await quoted(context, 'ETH', 'USDC', '1')
    await client.swap.preview()
    wallet.answer = async () => {
      throw new PorticoError('USER_REJECTED', 'no')
    }
    await expect(client.swap.swap()).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(client.toast.$toast.get()).toMatchObject({
      variant: 'error',
      message: { key: 'swap.declined' },
    })

    wallet.answer = async () => `0x${'3'.repeat(64)}`
    wallet.receipt = async (hash) => ({
      hash,
      status: 'reverted',
      reason: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT',
    })
    const reverted = await client.swap.swap().catch((error) => error)
    expect(reverted).toMatchObject({
      code: 'WALLET_ERROR',
      message: 'The transaction failed on chain',
      details: {
        hash: `0x${'3'.repeat(64)}`,
        message: { key: 'swap.priceMoved', params: { slippage: 1 } },
      },
    })
    await vi.advanceTimersByTimeAsync(500)
    expect(client.toast.$toast.get()).toMatchObject({
      variant: 'error',
      message: { key: 'swap.priceMoved', params: { slippage: 1 } },
    })
    expect(client.swap.$swap.get().status).toBe('error')

    wallet.answer = () => new Promise(() => undefined)
    const silent = client.swap.swap().catch((error) => error)
    await vi.advanceTimersByTimeAsync(299_999)
    expect(client.swap.$swap.get().status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(await silent).toMatchObject({
      code: 'WALLET_TIMEOUT',
      message: 'The wallet did not answer the transaction request in 300 s',
      details: { request: 'transaction', seconds: 300 },
    })
  })

  it('a new form or another account drops the review; it is never sent', async () => {
    const context = await shown()
    const { client, wallet } = context
    await quoted(context, 'ETH', 'USDC', '1')
    await client.swap.preview()
    client.swap.setAmount('2')
    expect(client.swap.$preview.get().status).toBe('idle')
    await expect(client.swap.swap()).rejects.toThrow('Review the swap first')
    expect(wallet.handed).toEqual([])
  })
})

describe('another chain', () => {
  const L2 = 'eip155:31338'
  const onL2 = (address: string) => address.replace(CHAIN, L2)
  const tokenAsks = (server: ReturnType<typeof swapServer>) =>
    server.state.hits.filter((hit) => hit === '/v1/convert/tokens').length

  /**
   * A client swapping on the devnet and its L2 (the L2 lists the same tokens at its own
   * addresses), showing the devnet's tokens; `stop` lets go of them. `l2Tokens` answers the L2's
   * list: a test may hold it.
   */
  async function twoChains(options: Partial<PorticoOptions> = {}) {
    const context = setup({ swaps: { chainIds: [31337, 31338] }, ...options })
    const { client, server } = context
    const tokensOf = server.routes['/v1/convert/tokens']!
    const l2Tokens = async (url: URL, body: unknown) => {
      const answer = await (await tokensOf(url, body)).json()
      return Response.json({
        tokens: answer.tokens.map((t: { address: string }) => ({ ...t, address: onL2(t.address) })),
      })
    }
    const hooks = { l2Tokens }
    server.routes['/v1/convert/tokens'] = (url, body) =>
      url.searchParams.get('chainId') === L2 ? hooks.l2Tokens(url, body) : tokensOf(url, body)
    const stop = client.swap.$tokens.listen(() => undefined)
    cleanups.push(stop)
    await until(() => client.swap.$tokens.get().status === 'success')
    const token = (symbol: string) =>
      client.swap.$tokens.get().data!.tokens.find((t) => t.symbol === symbol) as SwapToken
    const listsL2 = () =>
      client.swap.$tokens.get().status === 'success' &&
      client.swap.$tokens.get().data?.tokens[0]?.chainId === L2
    return { ...context, hooks, stop, token, listsL2 }
  }

  it('drops the picked tokens and the amount, and lists that chain’s tokens', async () => {
    const { client, token, listsL2 } = await twoChains()
    await client.swap.setTarget(token('USDC'))
    client.swap.setAmount('1')
    expect(client.swap.$state.get()).toMatchObject({ target: { symbol: 'USDC' }, amount: '1' })

    await client.connection.switchNetwork(networks[1])
    await until(listsL2)
    expect(client.swap.$state.get()).toMatchObject({ target: undefined, amount: '' })
    expect(client.swap.$state.get().source).toMatchObject({ symbol: 'ETH', chainId: L2 })
  })

  it('drops a lone source, or a lone target, of the other chain too', async () => {
    const { client, token, listsL2 } = await twoChains()
    client.swap.setAmount('1')
    await client.connection.switchNetwork(networks[1])
    await until(listsL2)
    expect(client.swap.$state.get()).toMatchObject({ source: { chainId: L2 }, amount: '' })

    await client.swap.reset()
    await client.swap.setTarget(token('USDC'))
    client.swap.setAmount('1')
    await client.connection.switchNetwork(networks[0])
    await until(() => client.swap.$tokens.get().data?.tokens[0]?.chainId === CHAIN)
    expect(client.swap.$state.get()).toMatchObject({ target: undefined, amount: '' })
  })

  it('on a swap network the app does not list: the fee in ETH, and no review', async () => {
    const context = await shown()
    const { client, server, wallet } = context
    const onMainnet = (address: string) => address.replace(CHAIN, 'eip155:1')
    const tokens = server.routes['/v1/convert/tokens']!
    server.routes['/v1/convert/tokens'] = async (url, body) => {
      const answer = await (await tokens(url, body)).json()
      return Response.json({
        tokens: answer.tokens.map((t: { address: string }) => ({
          ...t,
          address: onMainnet(t.address),
        })),
      })
    }
    const balances = server.routes['/v1/account/balance']!
    server.routes['/v1/account/balance'] = async (url, body) => {
      const answer = await (await balances(url, body)).json()
      const mainnet = answer.balances.map((b: { address?: string }) => ({
        ...b,
        chainId: 'eip155:1',
        ...(b.address ? { address: onMainnet(b.address) } : {}),
      }))
      return Response.json({ balances: [...answer.balances, ...mainnet] })
    }
    wallet.events?.chainChanged('1')
    await client.balances.fetchTokenBalances({ forceUpdate: true })
    await until(() => client.swap.$tokens.get().data?.tokens[0]?.chainId === 'eip155:1')
    const quote = await quoted(context, 'ETH', 'USDC', '1')
    expect(quote.data?.networkFee).toMatchObject({ formatted: '0.0002', symbol: 'ETH' })
    await expect(client.swap.preview()).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
  })

  it('while the other chain’s list loads, offers none (not the previous chain’s), and asks it once', async () => {
    const { client, server, wallet, hooks, listsL2 } = await twoChains()
    await client.connection.connect({ connectorId: 'wallet' })
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const l2Tokens = hooks.l2Tokens
    hooks.l2Tokens = async (url, body) => {
      await held
      return l2Tokens(url, body)
    }
    const before = tokenAsks(server)
    wallet.events?.chainChanged('31338')
    await vi.advanceTimersByTimeAsync(100)
    expect(client.swap.$tokens.get()).toEqual({
      status: 'pending',
      data: undefined,
      error: undefined,
      isPending: true,
    })
    release()
    await until(listsL2)
    expect(client.swap.$tokens.get()).toMatchObject({ error: undefined, isPending: false })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(tokenAsks(server) - before).toBe(1)
  })

  it('shown again on the same chain: the form stays and nothing is asked again', async () => {
    const { client, server, token, stop } = await twoChains()
    await client.swap.setTarget(token('USDC'))
    client.swap.setAmount('1')
    stop()
    await vi.advanceTimersByTimeAsync(1_500) // nanostores lets go of a store after 1 s
    const before = tokenAsks(server)
    cleanups.push(client.swap.$tokens.listen(() => undefined))
    await vi.advanceTimersByTimeAsync(1_000)
    expect(tokenAsks(server)).toBe(before)
    expect(client.swap.$state.get()).toMatchObject({
      source: { symbol: 'ETH', chainId: CHAIN },
      target: { symbol: 'USDC', chainId: CHAIN },
      amount: '1',
    })
  })

  it('asks nothing while not shown; shown again on another chain, lists that chain’s tokens', async () => {
    const { client, server, stop, listsL2 } = await twoChains()
    stop()
    await vi.advanceTimersByTimeAsync(1_500) // nanostores lets go of a store after 1 s
    const before = tokenAsks(server)
    await client.connection.switchNetwork(networks[1])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(tokenAsks(server)).toBe(before)
    cleanups.push(client.swap.$tokens.listen(() => undefined))
    await until(listsL2)
  })
})

describe("confirm: the review's next transaction as a step of the modal", () => {
  /** The modal on the review of a quoted form: Account, Swap, its preview. */
  async function onReview(from: string, to: string, amount: string) {
    const context = await shown()
    const { client } = context
    client.modal.open({ view: 'Account' })
    client.modal.push('Swap')
    await quoted(context, from, to, amount)
    await client.swap.preview()
    client.modal.push('SwapPreview')
    return context
  }
  const views = (client: ReturnType<typeof setup>['client']) =>
    client.modal.$stack.get().map((entry) => entry.view)

  it('a mined swap: back to the form, with the success toast and the amount cleared', async () => {
    const { client } = await onReview('ETH', 'USDC', '0.5')
    const swapping = client.swap.confirm()
    expect(client.modal.$transactionStack.get()).toEqual([{ goBack: true }])
    expect(await swapping).toBe(`0x${'1'.repeat(64)}`)
    expect(views(client)).toEqual(['Account', 'Swap'])
    expect(client.modal.$transactionStack.get()).toEqual([])
    expect(client.toast.$toast.get()).toMatchObject({
      variant: 'success',
      message: { key: 'swap.swapped', params: { amount: '0.5', source: 'ETH', target: 'USDC' } },
    })
    expect(client.swap.$swap.get().status).toBe('success')
    expect(client.swap.$state.get().amount).toBe('')
  })

  it('a wallet that refuses: back to the form, which keeps the amount; the declined toast', async () => {
    const { client, wallet } = await onReview('ETH', 'USDC', '1')
    wallet.answer = async () => {
      throw new PorticoError('USER_REJECTED', 'no')
    }
    await expect(client.swap.confirm()).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(views(client)).toEqual(['Account', 'Swap'])
    expect(client.modal.$transactionStack.get()).toEqual([])
    expect(client.toast.$toast.get()).toMatchObject({
      variant: 'error',
      message: { key: 'swap.declined' },
    })
    expect(client.swap.$state.get().amount).toBe('1')
  })

  it('an approval: the review stays on screen, the swap built once it is mined', async () => {
    const { client, server, wallet } = await onReview('USDC', 'ETH', '100')
    wallet.answer = async () => {
      server.state.allowance = 100_000_000n
      return `0x${'2'.repeat(64)}`
    }
    const approving = client.swap.confirm()
    expect(client.modal.$transactionStack.get()).toEqual([{}])
    expect(await approving).toBe(`0x${'2'.repeat(64)}`)
    expect(views(client)).toEqual(['Account', 'Swap', 'SwapPreview'])
    expect(client.modal.$transactionStack.get()).toEqual([])
    expect(client.toast.$toast.get()?.message).toEqual({
      key: 'swap.approved',
      params: { symbol: 'USDC' },
    })
    expect(client.swap.$preview.get().data?.transaction).toBeDefined()
    // Then the swap, as its own step: back to the form.
    await client.swap.confirm()
    expect(views(client)).toEqual(['Account', 'Swap'])
  })

  it('an approval the wallet refuses: back to the form, the declined toast', async () => {
    const { client, wallet } = await onReview('USDC', 'ETH', '100')
    wallet.answer = async () => {
      throw new PorticoError('USER_REJECTED', 'no')
    }
    await expect(client.swap.confirm()).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(views(client)).toEqual(['Account', 'Swap'])
    expect(client.toast.$toast.get()).toMatchObject({
      variant: 'error',
      message: { key: 'swap.declined' },
    })
    expect(client.swap.$approve.get().status).toBe('error')
  })

  it('one step at a time: a double click is one step and one transaction', async () => {
    const { client, wallet } = await onReview('ETH', 'USDC', '0.5')
    const first = client.swap.confirm()
    const again = client.swap.confirm()
    expect(client.modal.$transactionStack.get()).toHaveLength(1)
    const hashes = await Promise.all([first, again])
    expect(new Set(hashes).size).toBe(1)
    expect(wallet.handed).toHaveLength(1)
    expect(views(client)).toEqual(['Account', 'Swap'])
  })
})
