// @vitest-environment happy-dom
import type { ReadableAtom } from 'nanostores'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdapterEventHandlers, ChainAdapter } from '../adapters/index.js'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import {
  ONRAMP_POLL_INTERVAL_MS,
  ONRAMP_POLL_TIMEOUT_MS,
  ONRAMP_QUOTE_DEBOUNCE_MS,
} from './tuning.js'

const ACCOUNT = TEST_ACCOUNTS[0]
const API = 'http://api.test'
const CHECKOUT = 'http://pay.test'
const USDC = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const HASH = `0x${'ab'.repeat(32)}`

const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:9'] },
  },
] as const satisfies PorticoOptions['networks']

const OPTIONS = {
  purchaseCurrencies: [
    {
      id: 'usdc-id',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        { name: 'devnet', display_name: 'Devnet', chain_id: '31337', contract_address: USDC },
      ],
    },
    {
      id: 'eth-id',
      name: 'Ethereum',
      symbol: 'ETH',
      networks: [
        { name: 'devnet', display_name: 'Devnet', chain_id: '31337', contract_address: '' },
      ],
    },
  ],
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    },
    { id: 'EUR', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] },
  ],
}

const quoteFor = (amount: number, id = `quote-${amount}`) => ({
  quoteId: id,
  paymentTotal: { amount: amount.toFixed(2), currency: 'USD' },
  coinbaseFee: { amount: '0.75', currency: 'USD' },
  networkFee: { amount: '0.24', currency: 'USD' },
  paymentSubtotal: { amount: (amount - 0.99).toFixed(2), currency: 'USD' },
  purchaseAmount: { amount: (amount - 0.99).toFixed(2), currency: 'USDC' },
})

type Purchase = {
  id: string
  status: 'pending' | 'confirmed' | 'failed'
  hash?: string
  minedAt?: string
}
const historyItem = ({
  id,
  status,
  hash = '',
  minedAt = '2026-01-01T00:00:00.000Z',
}: Purchase) => ({
  id,
  metadata: {
    operationType: 'buy',
    status,
    hash,
    minedAt,
    sentFrom: 'Coinbase',
    sentTo: ACCOUNT,
    chain: 'eip155:31337',
  },
  transfers: [
    {
      fungible_info: { name: 'USD Coin', symbol: 'USDC' },
      direction: 'in',
      quantity: { numeric: '49.01' },
    },
  ],
})

/** The Blockchain API at the edge of the world: what it answers, and what it was asked. */
function createServer() {
  const server = {
    requests: [] as { method: string; path: string; query: URLSearchParams; body: unknown }[],
    options: (_signal?: AbortSignal): Response | Promise<Response> => Response.json(OPTIONS),
    quote: async (body: { amount: number }): Promise<Response> =>
      Response.json(quoteFor(body.amount)),
    url: (_signal?: AbortSignal): Response | Promise<Response> =>
      Response.json({ url: `${CHECKOUT}/checkout/s-1`, sessionId: 's-1' }),
    purchases: { coinbase: [] as Purchase[], meld: [] as Purchase[] } as Record<string, Purchase[]>,
    purchasesFail: false,
    /** While set, purchase reads are answered only once it resolves. */
    purchasesGate: undefined as Promise<void> | undefined,
    balances: [] as unknown[],
    fetch: (async (input, init) => {
      const url = new URL(String(input))
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      server.requests.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
      })
      if (url.pathname === '/v1/onramp/options') return server.options(init?.signal ?? undefined)
      if (url.pathname === '/v1/onramp/quote') return server.quote(body)
      if (url.pathname === '/v1/generators/onrampurl') return server.url(init?.signal ?? undefined)
      if (url.pathname.endsWith('/history')) {
        const onramp = url.searchParams.get('onramp')
        if (!onramp) return Response.json({ data: [], next: null })
        if (server.purchasesFail) return Response.json({ error: 'down' }, { status: 503 })
        // The answer is what the history held when the request came, however late it is sent.
        const data = (server.purchases[onramp] ?? []).map(historyItem)
        if (server.purchasesGate) await server.purchasesGate
        return Response.json({ data, next: null })
      }
      if (url.pathname === '/v1/supported-chains') return Response.json({ http: ['eip155:31337'] })
      if (url.pathname.endsWith('/balance')) return Response.json({ balances: server.balances })
      return Response.json({ name: null, avatar: null })
    }) as typeof fetch,
    count: (path: string, query?: Record<string, string>) =>
      server.requests.filter(
        (r) =>
          r.path.endsWith(path) &&
          Object.entries(query ?? {}).every(([k, v]) => r.query.get(k) === v),
      ).length,
  }
  return server
}

/** The provider window: records where it was sent, and can be closed by the "user". */
function createPopup() {
  const popup = {
    closed: false,
    urls: [] as string[],
    focused: 0,
    location: { replace: (url: string) => void popup.urls.push(url) },
    focus: () => void popup.focused++,
    close: () => {
      popup.closed = true
    },
  }
  return popup
}

type Popup = ReturnType<typeof createPopup>

const cleanups: (() => void)[] = []
let server: ReturnType<typeof createServer>
let popup: Popup
let opened: { url: string; target: string; features: string }[]

beforeAll(async () => {
  // The on-ramp's code is fetched once per page; here it is in the module cache beforehand.
  await import('./lazy.js')
})

beforeEach(() => {
  vi.useFakeTimers()
  server = createServer()
  popup = createPopup()
  opened = []
  vi.stubGlobal('open', (url: string, target: string, features: string) => {
    opened.push({ url, target, features })
    return popup
  })
})

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function setup(options: Partial<PorticoOptions> = {}, capabilities: Partial<ChainAdapter> = {}) {
  const handlers: AdapterEventHandlers[] = []
  const adapter: ChainAdapter = {
    ...capabilities,
    namespace: 'eip155',
    isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
    connection: {
      connect: async () => ({ addresses: [ACCOUNT], chainReference: '31337' }),
      reconnect: async () => undefined,
      disconnect: async () => undefined,
      subscribe: (_connector, h) => {
        handlers.push(h)
        return () => undefined
      },
    },
  }
  const client = createPortico({
    projectId: 'p',
    networks,
    storage: createMemoryStorage(),
    logLevel: 'silent',
    apiUrls: { blockchain: API, toolkit: API },
    fetch: server.fetch,
    connectors: [{ id: 'wallet', name: 'Wallet', provider: { request: async () => null } }],
    adapters: { eip155: async () => adapter },
    ...options,
    // The test checkout stands for the devnet's, whose origin an app passes this way.
    onramp: { checkoutOrigins: [CHECKOUT], ...options.onramp },
  })
  cleanups.push(() => client.destroy())
  return { client, handlers }
}

/** Watches a store as a view would; returns its latest value. */
function watch<T>(store: ReadableAtom<T>) {
  let value = store.get()
  cleanups.push(store.subscribe((next) => (value = next)))
  // Once loaded, every store has its value (`$form` is undefined only before).
  return { get: () => value as NonNullable<T> }
}

/** The page's time zone, as the runtime reports it. */
function inTimeZone(timeZone: string) {
  vi.spyOn(Intl, 'DateTimeFormat').mockReturnValue({
    resolvedOptions: () => ({ timeZone }),
  } as Intl.DateTimeFormat)
}

async function settle() {
  await vi.dynamicImportSettled()
  await vi.advanceTimersByTimeAsync(0)
}

/** A connected client whose form holds `amount` USD, its quote answered. */
async function ready(
  amount = '50',
  options: Partial<PorticoOptions> = {},
  capabilities: Partial<ChainAdapter> = {},
) {
  const context = setup(options, capabilities)
  const { client } = context
  await client.connection.connect({ connectorId: 'wallet' })
  const form = watch(client.onramp.$form)
  const quote = watch(client.onramp.$quote)
  const purchase = watch(client.onramp.$purchase)
  await settle()
  client.onramp.setAmount(amount)
  await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
  return { ...context, form, quote, purchase }
}

/** A message from a window, as the browser delivers it. */
function post(data: unknown, { origin = CHECKOUT, source = popup as unknown } = {}) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as never }))
}
const message = (status: string, extra: object = {}) => ({
  type: 'portico:onramp',
  version: 1,
  sessionId: 's-1',
  provider: 'coinbase',
  status,
  ...extra,
})
const delivered = {
  asset: 'USDC',
  amount: '49.01',
  chainId: 31337,
  caipNetworkId: 'eip155:31337',
  address: ACCOUNT,
  contractAddress: USDC,
  hash: HASH,
}

describe('loaded on first use', () => {
  it('asks nothing and loads nothing until a store is watched', async () => {
    const { client } = setup()
    await settle()
    expect(server.requests).toEqual([])
    expect(client.onramp.$form.value).toBeUndefined()
    expect(client.onramp.$quote.value).toMatchObject({ status: 'idle' })
    expect(client.onramp.$purchase.value).toMatchObject({ status: 'idle', phase: 'idle' })
    watch(client.onramp.$options)
    await settle()
    expect(server.count('/v1/onramp/options')).toBe(1)
    expect(client.onramp.$options.get()).toMatchObject({ status: 'success' })
  })

  it('before then, every store is idle and empty; only the purchase has a phase', () => {
    const { client } = setup()
    const idle = { status: 'idle', data: undefined, error: undefined, isPending: false }
    expect(client.onramp.$options.value).toEqual(idle)
    expect(client.onramp.$quote.value).toEqual(idle)
    expect(client.onramp.$purchases.value).toEqual(idle)
    expect(client.onramp.$purchase.value).toEqual({ ...idle, phase: 'idle' })
    expect(client.onramp.$form.value).toBeUndefined()
  })

  it('a view gone before the code arrives is not followed by its store', async () => {
    const { client } = setup()
    const stop = client.onramp.$purchases.listen(() => undefined)
    stop()
    // A store is let go a second after its last watcher leaves.
    vi.advanceTimersByTime(1_000)
    await settle()
    await vi.advanceTimersByTimeAsync(1_000)
    await client.connection.connect({ connectorId: 'wallet' })
    await settle()
    expect(server.count('/history', { onramp: 'coinbase' })).toBe(0)
    expect(client.onramp.$purchases.value).toMatchObject({ status: 'idle' })
  })

  it('a view gone after the code arrived stops following the account', async () => {
    const { client } = setup()
    const stop = client.onramp.$purchases.listen(() => undefined)
    await settle()
    stop()
    await vi.advanceTimersByTimeAsync(2_000)
    await client.connection.connect({ connectorId: 'wallet' })
    await settle()
    expect(server.count('/history', { onramp: 'coinbase' })).toBe(0)
  })

  it('applies an action called before any store is watched', async () => {
    const { client } = setup()
    client.onramp.setAmount('25')
    await settle()
    const form = watch(client.onramp.$form)
    await settle()
    expect(form.get().amount).toBe('25')
  })
})

describe('options', () => {
  it('lists the assets on the active network with their payment currencies and limits', async () => {
    const { form } = await ready('')
    expect(form.get().assets.map((a) => a.symbol)).toEqual(['USDC', 'ETH'])
    expect(form.get().asset?.symbol).toBe('USDC')
    expect(form.get().paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(form.get().limits).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
  })

  it.each([
    ['a 503', () => Response.json({ error: 'unavailable' }, { status: 503 })],
    ['a malformed body', () => new Response('{"purchaseCurrencies": [', { status: 200 })],
    ['a body of the wrong types', () => Response.json({ purchaseCurrencies: { 0: 1 } })],
  ])('fall back to the built-in list on %s', async (_why, answer) => {
    server.options = answer
    const { client } = setup()
    const options = watch(client.onramp.$options)
    await settle()
    expect(options.get().status).toBe('success')
    expect(options.get().data?.isFallback).toBe(true)
    expect(options.get().data?.purchaseCurrencies.map((c) => c.symbol)).toEqual(['USDC', 'ETH'])
    expect(options.get().data?.purchaseCurrencies[0]?.networks.map((n) => n.chain_id)).toEqual([
      '1',
      '137',
    ])
    // The built-in list sells nothing on the devnet's chain.
    const form = watch(client.onramp.$form)
    await settle()
    expect(form.get().assets).toEqual([])
  })

  it('fall back after the request timeout', async () => {
    // A server that never answers; the request gives up after 30 s.
    server.options = (signal) =>
      new Promise<Response>((_, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason)),
      )
    const { client } = setup()
    const options = watch(client.onramp.$options)
    await settle()
    expect(options.get().status).toBe('pending')
    await vi.advanceTimersByTimeAsync(30_000)
    expect(options.get().data?.isFallback).toBe(true)
  })

  it('are asked again by refetch', async () => {
    server.options = () => Response.json({}, { status: 503 })
    const { client } = setup()
    const options = watch(client.onramp.$options)
    await settle()
    server.options = () => Response.json(OPTIONS)
    await client.onramp.refetch()
    expect(options.get().data?.isFallback).toBe(false)
    expect(server.count('/v1/onramp/options')).toBe(2)
  })
})

describe('the quote', () => {
  it('is asked 500 ms after the last keystroke, with the option objects and the network name', async () => {
    const { client, quote } = await ready('')
    for (const typed of ['5', '50', '500', '50']) {
      client.onramp.setAmount(typed)
      await vi.advanceTimersByTimeAsync(100)
    }
    expect(quote.get().status).toBe('pending')
    expect(server.count('/v1/onramp/quote')).toBe(0)
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS - 101)
    expect(server.count('/v1/onramp/quote')).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.count('/v1/onramp/quote')).toBe(1)
    const body = server.requests.find((r) => r.path === '/v1/onramp/quote')?.body
    expect(body).toEqual({
      purchaseCurrency: { ...OPTIONS.purchaseCurrencies[0] },
      paymentCurrency: OPTIONS.paymentCurrencies[0],
      amount: 50,
      network: 'devnet',
      paymentMethod: 'card',
    })
    expect(quote.get()).toMatchObject({
      status: 'success',
      data: { quoteId: 'quote-50', purchaseAmount: { amount: '49.01' }, isEstimate: false },
    })
  })

  it('keeps only the latest answer', async () => {
    const { client, quote } = await ready('')
    let release!: () => void
    server.quote = async (body) => {
      if (body.amount === 20) await new Promise<void>((r) => (release = r))
      return Response.json(quoteFor(body.amount))
    }
    client.onramp.setAmount('20')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
    client.onramp.setAmount('30')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(quote.get().data?.quoteId).toBe('quote-30')
  })

  it('is not asked for an amount outside the limits', async () => {
    const { client, quote, form } = await ready('')
    client.onramp.setAmount('9.99')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS * 2)
    expect(form.get().errors.amount?.key).toBe('onramp.amountBelowMin')
    expect(quote.get().status).toBe('idle')
    expect(server.count('/v1/onramp/quote')).toBe(0)
  })

  it('falls back to an estimate with a mocked quote id when the call fails', async () => {
    server.quote = async () => Response.json({ error: 'down' }, { status: 503 })
    const { quote } = await ready('50')
    expect(quote.get()).toMatchObject({
      status: 'success',
      data: {
        quoteId: 'mocked-quote-id',
        isEstimate: true,
        paymentTotal: { amount: '50.00', currency: 'USD' },
        coinbaseFee: { amount: '1.00', currency: 'USD' },
      },
    })
  })

  it('is asked again for another payment method', async () => {
    const { client } = await ready('50')
    client.onramp.setPaymentMethod('ach_bank_account')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
    const bodies = server.requests.filter((r) => r.path === '/v1/onramp/quote').map((r) => r.body)
    expect(bodies.map((b) => (b as { paymentMethod: string }).paymentMethod)).toEqual([
      'card',
      'ach_bank_account',
    ])
  })
})

describe('buy as a click handler', () => {
  it('ignores the event an app passes (onClick={buy}) and opens the window itself', async () => {
    const { client, purchase } = await ready('50')
    const buying = (client.onramp.buy as (event: unknown) => Promise<unknown>)({ type: 'click' })
    buying.catch(() => undefined)
    expect(opened).toHaveLength(1)
    expect(purchase.get()).toMatchObject({ status: 'pending', phase: 'opening' })
    client.onramp.cancel()
  })
})

describe('a Coinbase purchase', () => {
  it('opens the window in the click, then sends it to the generated checkout', async () => {
    const { client, purchase } = await ready('50')
    const buying = client.onramp.buy()
    // Synchronously, before anything was awaited: popup blockers allow only this.
    expect(opened).toEqual([
      { url: '', target: 'portico-onramp', features: 'popup,width=480,height=760' },
    ])
    expect(purchase.get()).toMatchObject({
      status: 'pending',
      phase: 'opening',
      provider: 'coinbase',
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(server.requests.find((r) => r.path === '/v1/generators/onrampurl')?.body).toEqual({
      destinationWallets: [
        {
          address: ACCOUNT,
          blockchains: [
            'devnet',
            'ethereum',
            'arbitrum',
            'polygon',
            'berachain',
            'avalanche-c-chain',
            'optimism',
            'celo',
            'base',
          ],
          assets: ['USDC'],
        },
      ],
      defaultNetwork: 'ethereum',
      partnerUserId: ACCOUNT,
      defaultExperience: 'buy',
      presetFiatAmount: 50,
      fiatCurrency: 'USD',
      defaultAsset: 'USDC',
      quoteId: 'quote-50',
    })
    expect(popup.urls).toEqual([`${CHECKOUT}/checkout/s-1`])
    expect(purchase.get()).toMatchObject({ phase: 'waiting', sessionId: 's-1' })

    post(message('processing'))
    expect(purchase.get().phase).toBe('processing')
    // The provider's status confirms it; the page's success makes the SDK ask at once.
    server.purchases.coinbase = [{ id: 's-1', status: 'confirmed', hash: HASH }]
    post(message('success', { purchase: delivered }))
    await expect(buying).resolves.toEqual({
      provider: 'coinbase',
      sessionId: 's-1',
      asset: 'USDC',
      amount: '49.01',
      caipNetworkId: 'eip155:31337',
      address: ACCOUNT,
      hash: HASH,
    })
    expect(purchase.get()).toMatchObject({ status: 'success', phase: 'success' })
    expect(client.toast.$toast.get()).toMatchObject({
      variant: 'success',
      message: { key: 'onramp.purchased', params: { amount: '49.01', symbol: 'USDC' } },
    })
    // Balances and history are read again, skipping their caches (history's request code loads on
    // first use: wait for it rather than for one turn).
    await vi.waitFor(() => {
      expect(server.count('/balance', { forceUpdate: 'true' })).toBe(1)
      expect(
        server.requests.some((r) => r.path.endsWith('/history') && !r.query.get('onramp')),
      ).toBe(true)
    })
  })

  it('believes only its own window on the provider origin, for its own session and wallet', async () => {
    const { client, purchase } = await ready('50')
    const buying = client.onramp.buy()
    await vi.advanceTimersByTimeAsync(0)
    const other = createPopup()
    post(message('success', { purchase: delivered }), { origin: 'http://evil.test' })
    post(message('success', { purchase: delivered }), { source: other })
    post(message('success', { purchase: delivered }), { source: null })
    post({ ...message('success', { purchase: delivered }), sessionId: 's-2' })
    post(message('success', { purchase: { ...delivered, address: TEST_ACCOUNTS[1] } }))
    post(message('success'))
    post('portico:onramp success')
    // A believed message settles the purchase a turn later: let it, then look.
    await vi.advanceTimersByTimeAsync(0)
    expect(purchase.get().phase).toBe('waiting')
    server.purchases.coinbase = [{ id: 's-1', status: 'confirmed', hash: HASH }]
    post(message('success', { purchase: delivered }))
    await expect(buying).resolves.toMatchObject({ hash: HASH })
  })

  it('ends in the error the provider reports, and leaves its page open', async () => {
    const { client, purchase } = await ready('50')
    const buying = client.onramp.buy()
    await vi.advanceTimersByTimeAsync(0)
    post(message('failed', { error: { code: 'card_declined', message: 'The card was declined.' } }))
    const error = await buying.catch((e) => e)
    expect(isPorticoError(error, 'API_ERROR')).toBe(true)
    expect(error.details).toMatchObject({
      message: { key: 'onramp.cardDeclined' },
      reason: 'card_declined',
      sessionId: 's-1',
    })
    expect(purchase.get()).toMatchObject({ status: 'error', phase: 'error', error })
    expect(popup.closed).toBe(false)
    expect(server.count('/balance')).toBe(0)
  })

  it('follows the history every 4 s when the page says nothing', async () => {
    const { client, purchase } = await ready('50')
    const buying = client.onramp.buy()
    await vi.advanceTimersByTimeAsync(0)
    const polls = () => server.count('/history', { onramp: 'coinbase', chainId: 'eip155:31337' })
    expect(polls()).toBe(1)
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS - 1)
    expect(polls()).toBe(1)
    server.purchases.coinbase = [
      { id: 'other', status: 'confirmed' },
      { id: 's-1', status: 'pending' },
    ]
    await vi.advanceTimersByTimeAsync(1)
    expect(polls()).toBe(2)
    expect(purchase.get().phase).toBe('processing')
    server.purchases.coinbase = [{ id: 's-1', status: 'confirmed', hash: HASH }]
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS)
    await expect(buying).resolves.toMatchObject({ sessionId: 's-1', amount: '49.01', hash: HASH })
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS * 3)
    // Once done, no more polling (one more read refreshes the activity list).
    expect(polls()).toBe(4)
  })

  it('ends as failed when the history says so', async () => {
    const { client } = await ready('50')
    const buying = client.onramp.buy()
    server.purchases.coinbase = [{ id: 's-1', status: 'failed' }]
    const error = await buying.catch((e) => e)
    expect(error.details).toMatchObject({
      message: { key: 'onramp.purchaseFailed' },
      reason: 'failed',
    })
  })

  it('keeps polling through failed reads', async () => {
    const { client } = await ready('50')
    server.purchasesFail = true
    const buying = client.onramp.buy()
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS * 2)
    server.purchasesFail = false
    server.purchases.coinbase = [{ id: 's-1', status: 'confirmed', hash: HASH }]
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS)
    await expect(buying).resolves.toMatchObject({ hash: HASH })
  })

  it('gives up after 3 minutes, telling the user it is still processing', async () => {
    const { client, purchase } = await ready('50')
    const buying = client.onramp.buy()
    const outcome = buying.catch((e) => e)
    await vi.advanceTimersByTimeAsync(0)
    post(message('processing'))
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_TIMEOUT_MS - 1)
    expect(purchase.get().phase).toBe('processing')
    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(isPorticoError(error, 'TIMEOUT')).toBe(true)
    expect(error.details).toMatchObject({ message: { key: 'onramp.timeout' }, seconds: 180 })
    // Every 4 s from 0 to 176 s: 45 reads, then none.
    expect(server.count('/history', { onramp: 'coinbase' })).toBe(45)
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS * 5)
    expect(server.count('/history', { onramp: 'coinbase' })).toBe(45)
    expect(popup.closed).toBe(false)
  })

  it('ends when the window is closed with no purchase in sight', async () => {
    const { client, purchase } = await ready('50')
    const buying = client.onramp.buy()
    const outcome = buying.catch((e) => e)
    await vi.advanceTimersByTimeAsync(0)
    popup.close()
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS)
    const error = await outcome
    expect(isPorticoError(error, 'ABORTED')).toBe(true)
    expect(error.details?.message).toEqual({ key: 'onramp.windowClosed' })
    expect(purchase.get().phase).toBe('error')
  })

  it('goes on after the window closes once the purchase is processing', async () => {
    const { client } = await ready('50')
    const buying = client.onramp.buy()
    await vi.advanceTimersByTimeAsync(0)
    post(message('processing'))
    popup.close()
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS)
    server.purchases.coinbase = [{ id: 's-1', status: 'confirmed', hash: HASH }]
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS)
    await expect(buying).resolves.toMatchObject({ hash: HASH })
  })

  it('says so when the browser blocks the window, and asks nothing', async () => {
    const { client, purchase } = await ready('50')
    vi.stubGlobal('open', () => null)
    const error = await client.onramp.buy().catch((e) => e)
    expect(isPorticoError(error, 'UNKNOWN_ERROR')).toBe(true)
    expect(error.details?.message).toEqual({ key: 'onramp.popupBlocked' })
    expect(purchase.get()).toMatchObject({ status: 'error', phase: 'error' })
    expect(server.count('/v1/generators/onrampurl')).toBe(0)
  })

  it('closes the window and says so when the checkout cannot be generated', async () => {
    server.url = () =>
      Response.json({ error: 'quoteId: unknown or expired quote' }, { status: 400 })
    const { client } = await ready('50')
    const error = await client.onramp.buy().catch((e) => e)
    expect(error).toMatchObject({ code: 'API_ERROR' })
    expect(error.details).toMatchObject({ status: 400, message: { key: 'onramp.openFailed' } })
    expect(popup.closed).toBe(true)
    expect(popup.urls).toEqual([])
  })

  it('never opens a checkout that is not a web page', async () => {
    server.url = () => Response.json({ url: 'javascript:alert(1)', sessionId: 's-1' })
    const { client } = await ready('50')
    const error = await client.onramp.buy().catch((e) => e)
    expect(isPorticoError(error, 'INVALID_RESPONSE')).toBe(true)
    expect(popup.urls).toEqual([])
    expect(popup.closed).toBe(true)
  })

  it('joins the purchase under way on a second click, focusing its window', async () => {
    const { client } = await ready('50')
    const first = client.onramp.buy()
    const second = client.onramp.buy()
    expect(second).toBe(first)
    expect(popup.focused).toBe(1)
    expect(opened).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(server.count('/v1/generators/onrampurl')).toBe(1)
  })

  it('stops following on cancel, closing a window not paid in; late news changes nothing', async () => {
    const { client, purchase } = await ready('50')
    const buying = client.onramp.buy()
    const outcome = buying.catch((e) => e)
    await vi.advanceTimersByTimeAsync(0)
    client.onramp.cancel()
    expect(isPorticoError(await outcome, 'ABORTED')).toBe(true)
    expect(popup.closed).toBe(true)
    expect(purchase.get()).toMatchObject({ status: 'idle', phase: 'idle' })
    post(message('success', { purchase: delivered }))
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS * 3)
    expect(purchase.get().phase).toBe('idle')
  })

  it('stops following when the wallet disconnects', async () => {
    const { client, purchase } = await ready('50')
    const outcome = client.onramp.buy().catch((e) => e)
    await vi.advanceTimersByTimeAsync(0)
    await client.connection.disconnect()
    expect(isPorticoError(await outcome, 'ABORTED')).toBe(true)
    expect(purchase.get().phase).toBe('idle')
  })

  it('sends no quote id for an estimate', async () => {
    server.quote = async () => Response.json({}, { status: 503 })
    const { client } = await ready('50')
    void client.onramp.buy().catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    const body = server.requests.find((r) => r.path === '/v1/generators/onrampurl')?.body
    expect(body).not.toHaveProperty('quoteId')
    expect(body).toMatchObject({ presetFiatAmount: 50 })
  })

  it('sends no quote id once the quote is 4 minutes old', async () => {
    const { client } = await ready('50')
    await vi.advanceTimersByTimeAsync(4 * 60_000)
    void client.onramp.buy().catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(
      server.requests.find((r) => r.path === '/v1/generators/onrampurl')?.body,
    ).not.toHaveProperty('quoteId')
  })
})

describe('an order that is not complete', () => {
  it.each([
    ['no amount', '', 'onramp.amountRequired'],
    ['an amount under the limit', '5', 'onramp.amountBelowMin'],
  ])('is refused with %s, before any window opens', async (_why, amount, key) => {
    const { client } = await ready(amount)
    const error = await client.onramp.buy().catch((e) => e)
    expect(isPorticoError(error, 'INVALID_INPUT')).toBe(true)
    expect(error.details.message.key).toBe(key)
    expect(opened).toEqual([])
  })

  it('is refused without a wallet', async () => {
    const { client } = setup()
    watch(client.onramp.$form)
    await settle()
    client.onramp.setAmount('50')
    const error = await client.onramp.buy().catch((e) => e)
    expect(isPorticoError(error, 'NO_ACTIVE_CAIP_ADDRESS')).toBe(true)
  })

  it('is refused when the network sells nothing', async () => {
    server.options = () => Response.json({}, { status: 503 })
    const { client } = await ready('50')
    const error = await client.onramp.buy().catch((e) => e)
    expect(error.details.message.key).toBe('onramp.noAsset')
  })

  it('offers no provider in a restricted time zone', async () => {
    inTimeZone('Asia/Shanghai')
    const { client, form } = await ready('50')
    expect(form.get().providers).toEqual([])
    const error = await client.onramp.buy().catch((e) => e)
    expect(error.details.message.key).toBe('onramp.noProvider')
    expect(opened).toEqual([])
  })

  it('follows the app’s own list of restricted time zones', async () => {
    inTimeZone('Europe/Paris')
    const { form } = await ready('50', { onramp: { restrictedTimeZones: ['europe/paris'] } })
    expect(form.get().providers).toEqual([])
  })
})

describe('a Meld purchase', () => {
  it('opens Meld’s widget with the order and follows the new purchase in the history', async () => {
    const { client, purchase } = await ready('50', {
      onramp: { meldUrl: `${CHECKOUT}/onramp/meld`, meldPublicKey: 'pk' },
    })
    client.onramp.setProvider('meld')
    await vi.advanceTimersByTimeAsync(0)
    server.purchases.meld = [{ id: 'old', status: 'confirmed', hash: HASH }]
    const buying = client.onramp.buy()
    await vi.advanceTimersByTimeAsync(0)
    const url = new URL(popup.urls[0]!)
    expect(`${url.origin}${url.pathname}`).toBe(`${CHECKOUT}/onramp/meld`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      publicKey: 'pk',
      walletAddress: ACCOUNT,
      network: 'devnet',
      destinationCurrencyCode: 'USDC',
      sourceAmount: '50',
      sourceCurrencyCode: 'USD',
      externalCustomerId: ACCOUNT,
      quoteId: 'quote-50',
    })
    expect(server.count('/v1/generators/onrampurl')).toBe(0)
    expect(purchase.get()).toMatchObject({ phase: 'waiting', provider: 'meld' })
    // The purchase that was there before is not this one.
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS)
    expect(purchase.get().phase).toBe('waiting')
    server.purchases.meld = [
      { id: 'new', status: 'confirmed', hash: HASH },
      ...server.purchases.meld,
    ]
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS)
    await expect(buying).resolves.toMatchObject({ provider: 'meld', sessionId: 'new' })
    expect(server.count('/history', { onramp: 'meld' })).toBeGreaterThanOrEqual(3)
  })

  it('is remembered as the user’s choice, with the currency and the method', async () => {
    const storage = createMemoryStorage()
    const first = setup({ storage })
    watch(first.client.onramp.$form)
    await settle()
    first.client.onramp.setProvider('meld')
    first.client.onramp.setPaymentCurrency('EUR')
    first.client.onramp.setPaymentMethod('card')
    const second = setup({ storage })
    const form = watch(second.client.onramp.$form)
    await settle()
    expect(form.get()).toMatchObject({
      provider: { id: 'meld' },
      paymentCurrency: { id: 'EUR' },
      paymentMethod: 'card',
    })
  })
})

describe('the account’s purchases', () => {
  it('are read from every provider’s history while watched, newest first', async () => {
    const { client } = await ready('')
    server.purchases.coinbase = [{ id: 'c', status: 'pending' }]
    server.purchases.meld = [{ id: 'm', status: 'confirmed', hash: HASH }]
    const purchases = watch(client.onramp.$purchases)
    await settle()
    expect(purchases.get().status).toBe('success')
    expect(
      purchases
        .get()
        .data?.map((p) => `${p.id}:${p.status}`)
        .sort(),
    ).toEqual(['c:pending', 'm:confirmed'])
    expect(purchases.get().data?.[0]?.asset).toEqual({
      symbol: 'USDC',
      name: 'USD Coin',
      amount: '49.01',
      iconUrl: '',
    })
  })

  it('say why they could not be read', async () => {
    const { client } = await ready('')
    server.purchasesFail = true
    const purchases = watch(client.onramp.$purchases)
    await settle()
    expect(purchases.get()).toMatchObject({ status: 'error', error: { code: 'API_ERROR' } })
  })

  it('are empty without a wallet', async () => {
    const { client } = setup()
    const purchases = watch(client.onramp.$purchases)
    await settle()
    expect(purchases.get().status).toBe('idle')
    expect(server.count('/history')).toBe(0)
  })
})

describe('the options of createPortico', () => {
  it.each([
    { restrictedTimeZones: 'Asia/Shanghai' },
    { restrictedTimeZones: [1] },
    { meldUrl: 'javascript:alert(1)' },
    { meldUrl: 'ftp://meld.example' },
    { meldUrl: 'https://meld.example/a b' },
    { meldUrl: "javascript:open('https://meld.example')" },
    { meldPublicKey: 42 },
  ])('refuses %j', (onramp) => {
    expect(() => setup({ onramp: onramp as never })).toThrow(
      'onramp: restrictedTimeZones must be time zone names, meldUrl an http(s) URL, meldPublicKey text',
    )
  })

  it('takes good ones', () => {
    const onramp = {
      restrictedTimeZones: ['Asia/Tokyo'],
      meldUrl: 'http://127.0.0.1:8787/onramp/meld',
      meldPublicKey: 'pk',
    }
    expect(() => setup({ onramp })).not.toThrow()
  })
})

describe('a destroyed client', () => {
  it('whose code arrives after it was destroyed asks no quote for the order it was given', async () => {
    const { client } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    client.onramp.setAmount('50')
    client.destroy()
    await settle()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(server.count('/v1/onramp/quote')).toBe(0)
  })

  it('stops following the purchase', async () => {
    const { client } = await ready('50')
    const outcome = client.onramp.buy().catch((e) => e)
    await vi.advanceTimersByTimeAsync(0)
    client.destroy()
    expect(isPorticoError(await outcome, 'ABORTED')).toBe(true)
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS * 3)
    expect(server.count('/history', { onramp: 'coinbase' })).toBe(1)
  })
})

describe('the options while they are asked again', () => {
  it('keep what was read, so the form does not empty while refetch waits', async () => {
    const { client, form } = await ready('')
    const options = watch(client.onramp.$options)
    let answer!: (response: Response) => void
    server.options = () => new Promise<Response>((resolve) => (answer = resolve))
    const refetching = client.onramp.refetch()
    expect(options.get().status).toBe('pending')
    expect(options.get().data?.purchaseCurrencies.map((c) => c.symbol)).toEqual(['USDC', 'ETH'])
    expect(form.get().assets.map((a) => a.symbol)).toEqual(['USDC', 'ETH'])
    answer(Response.json(OPTIONS))
    await refetching
    expect(options.get()).toMatchObject({ status: 'success', data: { isFallback: false } })
  })
})

describe('the quote is only asked for a complete order', () => {
  const requests = () => server.count('/v1/onramp/quote')

  it('is dropped, and not asked again, when the amount falls below the limit', async () => {
    const { client, quote } = await ready('50')
    expect(quote.get().data?.quoteId).toBe('quote-50')
    client.onramp.setAmount('5')
    // The quote for 50 no longer says anything about this order.
    expect(quote.get().status).toBe('idle')
    expect(quote.get().data).toBeUndefined()
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS * 2)
    expect(requests()).toBe(1)
    expect(quote.get().status).toBe('idle')
  })

  it('is not asked for an amount of blanks', async () => {
    const { client, quote } = await ready('')
    client.onramp.setAmount('   ')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS * 2)
    expect(requests()).toBe(0)
    expect(quote.get().status).toBe('idle')
  })

  it('is not asked in a currency that offers no payment method', async () => {
    server.options = () =>
      Response.json({
        ...OPTIONS,
        paymentCurrencies: [...OPTIONS.paymentCurrencies, { id: 'GBP', payment_method_limits: [] }],
      })
    const { client, quote, form } = await ready('50')
    expect(requests()).toBe(1)
    client.onramp.setPaymentCurrency('GBP')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS * 2)
    expect(form.get().paymentCurrency?.id).toBe('GBP')
    expect(form.get().limits).toBeUndefined()
    expect(requests()).toBe(1)
    expect(quote.get()).toMatchObject({ status: 'idle', data: undefined })
  })

  it('is not asked, nor left pending, on a network that sells nothing', async () => {
    server.options = () => Response.json({}, { status: 503 })
    const { quote, form } = await ready('50')
    expect(form.get().asset).toBeUndefined()
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS * 2)
    expect(requests()).toBe(0)
    expect(quote.get().status).toBe('idle')
  })

  it('is asked again for another asset, whatever the service calls its assets and networks', async () => {
    // Ids the service chose: written one after the other, these two assets would read the same.
    const on = (name: string) => [
      { name, display_name: 'Devnet', chain_id: '31337', contract_address: USDC },
    ]
    server.options = () =>
      Response.json({
        ...OPTIONS,
        purchaseCurrencies: [
          { id: 'usdc', name: 'USD Coin', symbol: 'USDC', networks: on('devnet') },
          { id: 'usdcd', name: 'USD Coin D', symbol: 'USDCD', networks: on('evnet') },
        ],
      })
    const { client, quote } = await ready('50')
    client.onramp.setAsset('usdcd')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
    const bodies = server.requests.filter((r) => r.path === '/v1/onramp/quote').map((r) => r.body)
    expect(bodies.map((b) => (b as { network: string }).network)).toEqual(['devnet', 'evnet'])
    expect(quote.get().status).toBe('success')
  })

  it('tells the developer why an estimate is shown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    server.quote = async () => Response.json({ error: 'down' }, { status: 503 })
    const { quote } = await ready('50', { logLevel: 'warn' })
    expect(quote.get().data?.isEstimate).toBe(true)
    expect(warn).toHaveBeenCalledWith(
      '[portico] the on-ramp quote could not be read: showing an estimate',
      expect.anything(),
    )
  })
})

describe('a purchase the provider is processing', () => {
  it('keeps the provider’s window open when it is no longer followed', async () => {
    const { client, purchase } = await ready('50')
    const outcome = client.onramp.buy().catch((e) => e)
    await vi.advanceTimersByTimeAsync(0)
    post(message('processing'))
    expect(purchase.get().phase).toBe('processing')
    client.onramp.cancel()
    expect(isPorticoError(await outcome, 'ABORTED')).toBe(true)
    // The user paid: the provider's page is where they see what becomes of it.
    expect(popup.closed).toBe(false)
    expect(purchase.get()).toMatchObject({ status: 'idle', phase: 'idle' })
  })

  it('keeps it open when the wallet disconnects', async () => {
    const { client } = await ready('50')
    const outcome = client.onramp.buy().catch((e) => e)
    await vi.advanceTimersByTimeAsync(0)
    post(message('processing'))
    await client.connection.disconnect()
    expect(isPorticoError(await outcome, 'ABORTED')).toBe(true)
    expect(popup.closed).toBe(false)
  })
})

describe('a provider’s success message', () => {
  it('is believed only for the wallet of the order, whatever the case of its address', async () => {
    const { client, purchase } = await ready('50')
    const buying = client.onramp.buy()
    let settled = false
    buying.then(
      () => (settled = true),
      () => (settled = true),
    )
    await vi.advanceTimersByTimeAsync(0)
    server.purchases.coinbase = [{ id: 's-1', status: 'confirmed', hash: HASH }]
    post(message('success', { purchase: { ...delivered, address: TEST_ACCOUNTS[1] } }))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    expect(purchase.get().phase).toBe('waiting')
    post(message('success', { purchase: { ...delivered, address: ACCOUNT.toLowerCase() } }))
    await expect(buying).resolves.toMatchObject({ address: ACCOUNT, hash: HASH })
  })
})

describe('after a purchase', () => {
  it('reads the native balance again from the chain, skipping its 30 s cache', async () => {
    const getNativeBalance = vi.fn(async (_address: string) => ({
      value: 10n ** 18n,
      decimals: 18,
      symbol: 'ETH',
      formatted: '1',
    }))
    const { client } = await ready('50', {}, { balances: { getNativeBalance } })
    await vi.waitFor(() => expect(getNativeBalance).toHaveBeenCalledTimes(1))
    const buying = client.onramp.buy()
    await vi.advanceTimersByTimeAsync(0)
    server.purchases.coinbase = [{ id: 's-1', status: 'confirmed', hash: HASH }]
    post(message('success', { purchase: delivered }))
    await buying
    await vi.waitFor(() => expect(getNativeBalance).toHaveBeenCalledTimes(2))
    expect(getNativeBalance.mock.calls[1]?.[0]).toBe(ACCOUNT)
  })
})

describe('a client destroyed before the quote was asked', () => {
  it('stops following a purchase started within the 500 ms the quote waits', async () => {
    const { client } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    watch(client.onramp.$form)
    await settle()
    client.onramp.setAmount('50')
    let outcome: unknown
    client.onramp.buy().then(
      (purchase) => (outcome = purchase),
      (error: unknown) => (outcome = error),
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(server.count('/v1/onramp/quote')).toBe(0)
    client.destroy()
    await vi.advanceTimersByTimeAsync(0)
    expect(isPorticoError(outcome, 'ABORTED')).toBe(true)
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS * 3)
    expect(server.count('/history', { onramp: 'coinbase' })).toBe(1)
    expect(server.count('/v1/onramp/quote')).toBe(0)
  })
})

describe('the order sent to the provider', () => {
  const generated = () =>
    server.requests.find((r) => r.path === '/v1/generators/onrampurl')?.body as
      | Record<string, unknown>
      | undefined

  it('carries the quote id for a card only: a provider quotes other methods itself', async () => {
    const { client, quote } = await ready('50')
    client.onramp.setPaymentMethod('ach_bank_account')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
    expect(quote.get()).toMatchObject({ status: 'success', data: { isEstimate: false } })
    void client.onramp.buy().catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(generated()).toMatchObject({ presetFiatAmount: 50 })
    expect(generated()).not.toHaveProperty('quoteId')
    client.onramp.cancel()
  })

  it('carries the quote id of a quote just under 4 minutes old', async () => {
    const { client } = await ready('50')
    await vi.advanceTimersByTimeAsync(4 * 60_000 - 1)
    void client.onramp.buy().catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(generated()).toMatchObject({ quoteId: 'quote-50' })
    client.onramp.cancel()
  })
})

describe('a window closed while the checkout is being made', () => {
  it('ends the purchase there: the checkout is never opened nor followed', async () => {
    const { client, purchase } = await ready('50')
    const outcome = client.onramp.buy().catch((e) => e)
    popup.close()
    const error = await outcome
    expect(isPorticoError(error, 'ABORTED')).toBe(true)
    expect(error.details?.message).toEqual({ key: 'onramp.windowClosed' })
    expect(popup.urls).toEqual([])
    expect(purchase.get()).toMatchObject({ status: 'error', phase: 'error' })
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS)
    expect(server.count('/history', { onramp: 'coinbase' })).toBe(0)
  })
})

describe('reset', () => {
  it('clears the amount and the purchase, and closes a window not paid in', async () => {
    const { client, form, purchase, quote } = await ready('50')
    let outcome: unknown
    client.onramp.buy().catch((error: unknown) => (outcome = error))
    await vi.advanceTimersByTimeAsync(0)
    client.onramp.reset()
    await vi.advanceTimersByTimeAsync(0)
    expect(isPorticoError(outcome, 'ABORTED')).toBe(true)
    expect(popup.closed).toBe(true)
    expect(form.get().amount).toBe('')
    expect(quote.get().status).toBe('idle')
    expect(purchase.get()).toMatchObject({ status: 'idle', phase: 'idle', error: undefined })
  })
})

describe('the account’s purchases, in order', () => {
  it('list the newest first across providers', async () => {
    const { client } = await ready('')
    server.purchases.coinbase = [
      { id: 'old', status: 'confirmed', minedAt: '2026-01-01T00:00:00.000Z' },
      { id: 'mid', status: 'pending', minedAt: '2026-01-15T00:00:00.000Z' },
    ]
    server.purchases.meld = [
      { id: 'new', status: 'confirmed', minedAt: '2026-02-01T00:00:00.000Z' },
    ]
    const purchases = watch(client.onramp.$purchases)
    await settle()
    expect(purchases.get().data?.map((p) => p.id)).toEqual(['new', 'mid', 'old'])
  })
})

describe('a purchase no longer followed while its checkout is being made', () => {
  it('ends aborted, not as a checkout that could not open', async () => {
    server.url = (signal) =>
      new Promise<Response>((_, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason)),
      )
    const { client, purchase } = await ready('50')
    let outcome: unknown
    client.onramp.buy().catch((error: unknown) => (outcome = error))
    await vi.advanceTimersByTimeAsync(0)
    expect(purchase.get().phase).toBe('opening')
    client.onramp.cancel()
    await vi.advanceTimersByTimeAsync(0)
    // The cancel's own error, as in every other phase: not dressed as a checkout that could not
    // open, nor the request's bare abort with nothing to show.
    expect(isPorticoError(outcome, 'ABORTED')).toBe(true)
    expect((outcome as Error).message).toBe('The purchase is no longer followed')
    expect((outcome as { details?: { message?: unknown } }).details?.message).toEqual({
      key: 'onramp.windowClosed',
    })
    expect(popup.closed).toBe(true)
    expect(purchase.get()).toMatchObject({ status: 'idle', phase: 'idle' })
  })
})

describe('a Meld purchase’s messages', () => {
  it('are believed whatever their session: Meld names none before the purchase', async () => {
    const { client, purchase } = await ready('50', {
      onramp: { meldUrl: `${CHECKOUT}/onramp/meld`, meldPublicKey: 'pk' },
    })
    client.onramp.setProvider('meld')
    await vi.advanceTimersByTimeAsync(0)
    let outcome: unknown
    client.onramp.buy().then(
      (purchase) => (outcome = purchase),
      (error: unknown) => (outcome = error),
    )
    await vi.advanceTimersByTimeAsync(0)
    // The new purchase in Meld's status is what ends it; the page's word asks for it at once.
    server.purchases.meld = [{ id: 'm-7', status: 'confirmed', hash: HASH }]
    post({ ...message('success', { purchase: delivered }), provider: 'meld', sessionId: 'm-7' })
    await vi.advanceTimersByTimeAsync(0)
    expect(outcome).toMatchObject({ provider: 'meld', sessionId: 'm-7', hash: HASH })
    // The session the purchase turned out to be is the one the state names.
    expect(purchase.get()).toMatchObject({ phase: 'success', provider: 'meld', sessionId: 'm-7' })
  })
})

describe('the account’s purchases while read again', () => {
  it('keep the list shown while a read is under way and after one fails', async () => {
    const { client } = await ready('')
    server.purchases.coinbase = [{ id: 'c', status: 'confirmed', hash: HASH }]
    const purchases = watch(client.onramp.$purchases)
    await settle()
    expect(purchases.get().data?.map((p) => p.id)).toEqual(['c'])
    server.purchasesFail = true
    const refreshing = client.onramp.refreshPurchases()
    expect(purchases.get()).toMatchObject({ status: 'pending', data: [{ id: 'c' }] })
    await refreshing
    expect(purchases.get()).toMatchObject({
      status: 'error',
      error: { code: 'API_ERROR' },
      data: [{ id: 'c' }],
    })
  })
})

describe('the estimate', () => {
  it('prices what the amount buys at the price of the token held on this chain', async () => {
    const token = (chainId: string, price: number) => ({
      name: 'USD Coin',
      symbol: 'USDC',
      chainId,
      address: `${chainId}:${USDC}`,
      value: 10,
      price,
      quantity: { decimals: '6', numeric: '10' },
      iconUrl: '',
    })
    server.balances = [token('eip155:1', 2), token('eip155:31337', 0.5)]
    server.quote = async () => Response.json({ error: 'down' }, { status: 503 })
    const { client } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    const held = watch(client.balances.$tokenBalances)
    const quote = watch(client.onramp.$quote)
    watch(client.onramp.$form)
    await settle()
    expect(held.get().data).toHaveLength(2)
    client.onramp.setAmount('50')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
    // 50 USD less the 2 % fee is 49 USD: 98 USDC at 0.50.
    expect(quote.get().data).toMatchObject({
      isEstimate: true,
      paymentSubtotal: { amount: '49.00', currency: 'USD' },
      purchaseAmount: { amount: '98', currency: 'USDC' },
    })
  })
})

describe('refetch', () => {
  it('asks the quote again for the same order', async () => {
    const { client, quote } = await ready('50')
    expect(server.count('/v1/onramp/quote')).toBe(1)
    server.quote = async (body) => Response.json(quoteFor(body.amount, 'quote-again'))
    await client.onramp.refetch()
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
    expect(server.count('/v1/onramp/quote')).toBe(2)
    expect(quote.get().data?.quoteId).toBe('quote-again')
  })
})

describe('an amount typed with blanks around it', () => {
  it('is sent to the provider without them', async () => {
    const { client } = await ready(' 50 ', {
      onramp: { meldUrl: `${CHECKOUT}/onramp/meld`, meldPublicKey: 'pk' },
    })
    client.onramp.setProvider('meld')
    await vi.advanceTimersByTimeAsync(0)
    void client.onramp.buy().catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(new URL(popup.urls[0] ?? 'http://none.test').searchParams.get('sourceAmount')).toBe('50')
    client.onramp.cancel()
  })
})

describe('the account’s purchases read twice', () => {
  it('show the later read even when the earlier answer arrives last', async () => {
    const { client } = await ready('')
    server.purchases.coinbase = [{ id: 'before', status: 'pending' }]
    let release!: () => void
    server.purchasesGate = new Promise<void>((resolve) => (release = resolve))
    const purchases = watch(client.onramp.$purchases)
    await settle()
    expect(purchases.get().status).toBe('pending')
    server.purchasesGate = undefined
    server.purchases.coinbase = [{ id: 'after', status: 'confirmed', hash: HASH }]
    await client.onramp.refreshPurchases()
    expect(purchases.get().data?.map((p) => p.id)).toEqual(['after'])
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(purchases.get()).toMatchObject({ status: 'success', data: [{ id: 'after' }] })
  })
})

describe('the account’s purchases after the wallet leaves', () => {
  it('are no longer shown', async () => {
    const { client } = await ready('')
    server.purchases.coinbase = [{ id: 'c', status: 'confirmed', hash: HASH }]
    const purchases = watch(client.onramp.$purchases)
    await settle()
    expect(purchases.get().data).toHaveLength(1)
    await client.connection.disconnect()
    await settle()
    expect(purchases.get()).toMatchObject({ status: 'idle', data: undefined })
  })
})

describe('the options, asked once', () => {
  it('share one request between refetches made together, and are not asked again when shown again', async () => {
    const { client } = setup()
    const stop = client.onramp.$options.subscribe(() => undefined)
    await settle()
    expect(server.count('/v1/onramp/options')).toBe(1)
    stop()
    // Long enough for the store to be let go (nanostores waits 1 s) and taken up again.
    await vi.advanceTimersByTimeAsync(5_000)
    watch(client.onramp.$options)
    await settle()
    expect(server.count('/v1/onramp/options')).toBe(1)
    await Promise.all([client.onramp.refetch(), client.onramp.refetch()])
    expect(server.count('/v1/onramp/options')).toBe(2)
  })
})

describe('once the code is loaded', () => {
  it('an amount typed shows in the form at once, as a controlled input needs', async () => {
    const { client, form } = await ready('')
    client.onramp.setAmount('42')
    expect(form.get().amount).toBe('42')
  })

  it('a refused order, even one asked while the code loaded, is the app’s to show: nothing is printed', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { client } = setup({ logLevel: 'error' })
    // Called before the code is here: it loads, then refuses the order (no wallet).
    client.onramp.setAmount('50')
    const refused = await client.onramp.buy().catch((e) => e)
    expect(isPorticoError(refused, 'NO_ACTIVE_CAIP_ADDRESS')).toBe(true)
    expect(errors).not.toHaveBeenCalled()
  })

  it('a store read once, never watched, shows the state at once', async () => {
    const { client } = await ready('')
    expect(client.onramp.$options.get()).toMatchObject({ status: 'success' })
  })
})
