// @vitest-environment happy-dom
// The provider window against a wrong or hostile API and provider page: the window is sent only
// to an allowed checkout origin (exactly), and a page's "done" is believed only once the
// provider's status (the account's on-ramp history) confirms the purchase.
import type { ReadableAtom } from 'nanostores'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter } from '../adapters/index.js'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { ONRAMP_POLL_TIMEOUT_MS, ONRAMP_QUOTE_DEBOUNCE_MS } from './tuning.js'

const ACCOUNT = TEST_ACCOUNTS[0]
const API = 'http://api.test'
const CHECKOUT = 'http://pay.test'
const USDC = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const HASH = `0x${'ab'.repeat(32)}`

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: ETH,
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
  ],
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: [{ id: 'card', min: '10', max: '7500' }] },
  ],
}

const quoteFor = (amount: number) => ({
  quoteId: `quote-${amount}`,
  paymentTotal: { amount: amount.toFixed(2), currency: 'USD' },
  coinbaseFee: { amount: '0.75', currency: 'USD' },
  networkFee: { amount: '0.24', currency: 'USD' },
  paymentSubtotal: { amount: (amount - 0.99).toFixed(2), currency: 'USD' },
  purchaseAmount: { amount: (amount - 0.99).toFixed(2), currency: 'USDC' },
})

type Purchase = { id: string; status: 'pending' | 'confirmed' | 'failed'; hash?: string }
const historyItem = ({ id, status, hash = '' }: Purchase) => ({
  id,
  metadata: {
    operationType: 'buy',
    status,
    hash,
    minedAt: '2026-01-01T00:00:00.000Z',
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
    /** The on-ramp history reads, by provider. */
    reads: [] as string[],
    url: (): Response => Response.json({ url: `${CHECKOUT}/checkout/s-1`, sessionId: 's-1' }),
    purchases: { coinbase: [] as Purchase[], meld: [] as Purchase[] } as Record<string, Purchase[]>,
    fetch: (async (input, init) => {
      const url = new URL(String(input))
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      if (url.pathname === '/v1/onramp/options') return Response.json(OPTIONS)
      if (url.pathname === '/v1/onramp/quote') return Response.json(quoteFor(body.amount))
      if (url.pathname === '/v1/generators/onrampurl') return server.url()
      if (url.pathname.endsWith('/history')) {
        const onramp = url.searchParams.get('onramp') ?? ''
        server.reads.push(onramp)
        const data = (server.purchases[onramp] ?? []).map(historyItem)
        return Response.json({ data, next: null })
      }
      if (url.pathname === '/v1/supported-chains') return Response.json({ http: ['eip155:31337'] })
      if (url.pathname.endsWith('/balance')) return Response.json({ balances: [] })
      return Response.json({ name: null, avatar: null })
    }) as typeof fetch,
  }
  return server
}

/** The provider window: records where it was sent, and can be closed by the "user". */
function createPopup() {
  const popup = {
    closed: false,
    urls: [] as string[],
    location: { replace: (url: string) => void popup.urls.push(url) },
    focus: () => undefined,
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

beforeAll(async () => {
  // The engine's module is fetched once per page; here it is in the module cache beforehand.
  await import('./lazy.js')
})

beforeEach(() => {
  vi.useFakeTimers()
  server = createServer()
  popup = createPopup()
  vi.stubGlobal('open', () => popup)
})

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function setup(options: Partial<PorticoOptions> = {}) {
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
    connection: {
      connect: async () => ({ addresses: [ACCOUNT], chainReference: '31337' }),
      reconnect: async () => undefined,
      disconnect: async () => undefined,
      subscribe: () => () => undefined,
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
  return client
}

/** Watches a store as a view would; returns its latest value. */
function watch<T>(store: ReadableAtom<T>) {
  let value = store.get()
  cleanups.push(store.subscribe((next) => (value = next)))
  return { get: () => value as NonNullable<T> }
}

/** A connected client whose form holds `amount` USD, its quote answered. */
async function ready(amount = '50', options: Partial<PorticoOptions> = {}) {
  const client = setup(options)
  await client.connection.connect({ connectorId: 'wallet' })
  watch(client.onramp.$form)
  watch(client.onramp.$quote)
  const purchase = watch(client.onramp.$purchase)
  await vi.dynamicImportSettled()
  await vi.advanceTimersByTimeAsync(0)
  client.onramp.setAmount(amount)
  await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
  return { client, purchase }
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
/** What a provider page says it delivered (the SDK reads asset, amount, chain, address, hash). */
const delivered = {
  asset: 'USDC',
  amount: '49.01',
  caipNetworkId: 'eip155:31337',
  address: ACCOUNT,
  hash: HASH,
}

/** Starts a purchase whose checkout the API names as `url`; returns where it ended. */
async function buyWithCheckout(url: string, options: Partial<PorticoOptions> = {}) {
  server = createServer()
  popup = createPopup()
  server.url = () => Response.json({ url, sessionId: 's-1' })
  const { client, purchase } = await ready('50', options)
  const buying = client.onramp.buy().catch((e: unknown) => e)
  await vi.advanceTimersByTimeAsync(0)
  await vi.dynamicImportSettled()
  await vi.advanceTimersByTimeAsync(10)
  const navigated = [...popup.urls]
  popup.close()
  await vi.advanceTimersByTimeAsync(10_000)
  return { navigated, outcome: await buying, purchase, popup }
}

describe('the checkout page the API names', () => {
  it.each([
    'https://evil.example/coinbase-checkout',
    'https://pay.coinbase.com.evil.example/buy',
    'https://pay.coinbase.com:8443/buy',
    'http://pay.coinbase.com/buy',
    'http://evil.example/',
    'http://127.0.0.1:1/phish',
    'http://intranet/phish',
    'https://xn--coinbase-8za.com/',
    'https://meldcrypto.com.evil.example/',
  ])('is refused on another origin (%s): the window is never sent there', async (url) => {
    const { navigated, outcome, purchase, popup } = await buyWithCheckout(url)
    expect(navigated).toEqual([])
    expect(popup.closed).toBe(true)
    const origin = new URL(url).origin
    expect(outcome).toMatchObject({
      code: 'INVALID_RESPONSE',
      details: { origin, message: { key: 'onramp.checkoutRefused', params: { origin } } },
    })
    expect(purchase.get()).toMatchObject({ status: 'error', phase: 'error' })
  })

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'not a url',
    'https://xn--cinbase-5ua.com/',
  ])('is refused when it is not a web page (%s)', async (url) => {
    const { navigated, outcome } = await buyWithCheckout(url)
    expect(navigated).toEqual([])
    expect(outcome).toMatchObject({
      code: 'INVALID_RESPONSE',
      details: { message: { key: 'onramp.openFailed' } },
    })
  })

  it('is refused with credentials in it, even on a provider origin', async () => {
    const { navigated, outcome } = await buyWithCheckout('https://user:pass@pay.coinbase.com/')
    expect(navigated).toEqual([])
    expect(outcome).toMatchObject({ code: 'INVALID_RESPONSE' })
  })

  it('is opened on Coinbase’s own checkout origin, built in', async () => {
    const { navigated } = await buyWithCheckout('https://pay.coinbase.com/buy/select-asset?x=1')
    expect(navigated).toEqual(['https://pay.coinbase.com/buy/select-asset?x=1'])
  })

  it('is opened on an origin the app adds, and on no other port of its host', async () => {
    const options = { onramp: { checkoutOrigins: ['https://checkout.app.example'] } }
    const added = await buyWithCheckout('https://checkout.app.example/s/1', options)
    expect(added.navigated).toEqual(['https://checkout.app.example/s/1'])
    // The app's list replaces the test checkout's here: that origin is now refused.
    const other = await buyWithCheckout(`${CHECKOUT}/checkout/s-1`, options)
    expect(other.navigated).toEqual([])
    const port = await buyWithCheckout('https://checkout.app.example:444/s/1', options)
    expect(port.navigated).toEqual([])
  })
})

describe('the options of createPortico', () => {
  it.each([
    ['https://pay.example/'],
    ['https://pay.example/checkout'],
    ['https://*.pay.example'],
    ['pay.example'],
    ['javascript://pay.example'],
    ['HTTPS://PAY.EXAMPLE'],
    'https://pay.example',
  ])('refuse checkoutOrigins that are not exact origins: %j', (checkoutOrigins) => {
    expect(() => setup({ onramp: { checkoutOrigins: checkoutOrigins as never } })).toThrow(
      'onramp: checkoutOrigins must be origins written exactly (https://pay.example, no path)',
    )
  })

  it('take exact origins', () => {
    const checkoutOrigins = ['https://pay.example', 'http://127.0.0.1:8787', 'http://[::1]:9']
    expect(() => setup({ onramp: { checkoutOrigins } })).not.toThrow()
  })
})

describe('a provider page that says the purchase is done', () => {
  it('is not believed from other origins or windows, nor alone from its own', async () => {
    const { client, purchase } = await ready('50')
    let outcome: unknown
    client.onramp.buy().then(
      (bought) => (outcome = bought),
      (error: unknown) => (outcome = error),
    )
    await vi.advanceTimersByTimeAsync(0)
    await vi.dynamicImportSettled()
    await vi.advanceTimersByTimeAsync(10)
    const done = message('success', { purchase: delivered })
    post(done, { origin: 'https://pay.coinbase.com' })
    post(done, { source: window })
    post(done, { source: null })
    await vi.advanceTimersByTimeAsync(10)
    expect(purchase.get().phase).toBe('waiting')
    // Its own page says done while the provider's status still says pending: paid, not done.
    server.purchases.coinbase = [{ id: 's-1', status: 'pending' }]
    const reads = server.reads.filter((r) => r === 'coinbase').length
    post(done)
    await vi.advanceTimersByTimeAsync(10)
    expect(server.reads.filter((r) => r === 'coinbase').length).toBe(reads + 1)
    expect(purchase.get().phase).toBe('processing')
    expect(outcome).toBeUndefined()
    // However often it says so.
    for (let i = 0; i < 5; i++) post(done)
    await vi.advanceTimersByTimeAsync(10)
    expect(purchase.get().phase).toBe('processing')
    // The status confirms it: done, with what the status says was delivered.
    server.purchases.coinbase = [{ id: 's-1', status: 'confirmed', hash: HASH }]
    post(done)
    await vi.advanceTimersByTimeAsync(10)
    expect(outcome).toEqual({
      provider: 'coinbase',
      sessionId: 's-1',
      asset: 'USDC',
      amount: '49.01',
      caipNetworkId: 'eip155:31337',
      address: ACCOUNT,
      hash: HASH,
    })
    expect(purchase.get().phase).toBe('success')
  })

  it('that the status never confirms ends as still processing after 3 minutes', async () => {
    const { client, purchase } = await ready('50')
    const buying = client.onramp.buy().catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(10)
    post(message('success', { purchase: delivered }))
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_TIMEOUT_MS)
    expect(ONRAMP_POLL_TIMEOUT_MS).toBe(180_000)
    await expect(buying).resolves.toMatchObject({
      code: 'TIMEOUT',
      details: { message: { key: 'onramp.timeout' } },
    })
    expect(purchase.get().phase).toBe('error')
  })

  it('for a Meld purchase, is believed only for a purchase new in Meld’s status', async () => {
    server.purchases.meld = [{ id: 'm-old', status: 'confirmed', hash: HASH }]
    const { client, purchase } = await ready('50', {
      onramp: { meldUrl: `${CHECKOUT}/onramp/meld` },
    })
    client.onramp.setProvider('meld')
    await vi.advanceTimersByTimeAsync(0)
    let outcome: unknown
    client.onramp.buy().then(
      (bought) => (outcome = bought),
      (error: unknown) => (outcome = error),
    )
    await vi.advanceTimersByTimeAsync(10)
    // The page names a purchase the account made before: not this one.
    post({ ...message('success', { purchase: delivered }), provider: 'meld', sessionId: 'm-old' })
    await vi.advanceTimersByTimeAsync(10)
    expect(outcome).toBeUndefined()
    expect(purchase.get().phase).toBe('processing')
    server.purchases.meld = [
      { id: 'm-new', status: 'confirmed', hash: HASH },
      { id: 'm-old', status: 'confirmed', hash: HASH },
    ]
    post({ ...message('success', { purchase: delivered }), provider: 'meld', sessionId: 'm-new' })
    await vi.advanceTimersByTimeAsync(10)
    expect(outcome).toMatchObject({ provider: 'meld', sessionId: 'm-new' })
  })
})
