import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BrowserContext, Page } from 'playwright-core'
import {
  type Address,
  createPublicClient,
  createTestClient,
  erc20Abi,
  http,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type StartedBrowser } from '../../e2e/support/browser.js'
import { toViemChain } from '../src/chains/evm/viemChain.js'
import {
  type Devnet,
  type OnrampHistoryPage,
  type OnrampMessage,
  type OnrampQuote,
  type OnrampSession,
  startDevnet,
} from '../src/index.js'
import { api, apiJson, CONTROL_HEADERS, FREE_PORTS, postJson, SDK_QUERY } from './helpers.js'

let devnet: Devnet
let chromium: StartedBrowser
let app: Server
let appOrigin: string
let context: BrowserContext | undefined

/**
 * The app: a page on its own origin that asks the devnet for an on-ramp URL (or builds the
 * Meld-like one itself), opens it in a popup, and keeps the messages it accepts, checking
 * `event.origin` and `event.source` the way an SDK must.
 */
function appHtml(apiUrl: string) {
  return `<!doctype html><html><head><title>App</title></head><body>
<button id="buy">Buy</button><button id="meld">Buy with Meld</button>
<script>
const API = ${JSON.stringify(apiUrl)};
const CHECKOUT_ORIGIN = new URL(API).origin;
window.accepted = [];
window.ignored = [];
let popup = null;
window.addEventListener('message', (event) => {
  if (event.origin !== CHECKOUT_ORIGIN || event.source !== popup) {
    window.ignored.push(event.origin);
    return;
  }
  window.accepted.push({ origin: event.origin, data: event.data });
});
window.request = null;
document.getElementById('buy').addEventListener('click', async () => {
  const response = await fetch(API + '/v1/generators/onrampurl?${SDK_QUERY}', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(window.request),
  });
  const { url } = await response.json();
  popup = window.open(url, 'onramp', 'width=600,height=800');
});
document.getElementById('meld').addEventListener('click', () => {
  popup = window.open(API + '/onramp/meld?' + new URLSearchParams(window.request), 'onramp');
});
</script></body></html>`
}

beforeAll(async () => {
  ;[devnet, chromium] = await Promise.all([
    startDevnet({ ports: { ...FREE_PORTS, relay: 0 } }),
    launchBrowser(),
  ])
  app = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(appHtml(devnet.apiUrl))
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  // Another port: another origin than the devnet API's.
  appOrigin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`
})

afterAll(async () => {
  await chromium?.close()
  await new Promise((resolve) => app?.close(resolve))
  await devnet?.stop()
})

afterEach(async () => {
  await context?.close()
  context = undefined
})

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const apiOrigin = () => new URL(devnet.apiUrl).origin

function client(chainId: number) {
  const chain = devnet.chains.find((c) => c.chainId === chainId)
  if (!chain) throw new Error(`no chain ${chainId}`)
  return createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
}

const usdcBalance = (owner: Address, chainId = 31337) =>
  client(chainId).readContract({
    address: devnet.tokens[chainId]!.usdc,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const init = postJson(body)
  const response = await api(devnet, path, { ...init, headers: { ...init.headers, ...headers } })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function onrampUrlBody(wallet: Address, extra: Record<string, unknown> = {}) {
  return {
    destinationWallets: [
      { address: wallet, blockchains: ['devnet', 'devnet-l2'], assets: ['USDC'] },
    ],
    defaultNetwork: 'devnet',
    partnerUserId: wallet,
    defaultExperience: 'buy',
    presetFiatAmount: 25,
    ...extra,
  }
}

const onrampHistory = (address: Address, provider = 'coinbase') =>
  apiJson<OnrampHistoryPage>(devnet, `/v1/account/${address}/history?onramp=${provider}`)

/** Opens the app, has it create a checkout for `request` and open it; gives both pages. */
async function openCheckout(request: Record<string, unknown>, button = 'Buy') {
  context = await chromium.browser.newContext()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(appOrigin)
  await page.evaluate((value) => {
    ;(window as unknown as { request: unknown }).request = value
  }, request)
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ])
  popup.on('pageerror', (error) => errors.push(error.message))
  await popup.getByRole('button', { name: /^Pay / }).waitFor()
  return { page, popup, errors }
}

async function payWith(popup: Page, cardNumber: string) {
  await popup.getByLabel('Card number').fill(cardNumber)
  await popup.getByLabel('Expiry date (MM/YY)').fill('12/39')
  await popup.getByLabel('Security code (CVC)').fill('123')
  await popup.getByRole('button', { name: /^Pay / }).click()
}

const accepted = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { accepted: { origin: string; data: OnrampMessage }[] }).accepted,
  )

const statusText = (popup: Page, text: string) =>
  popup.getByRole('status').filter({ hasText: text }).waitFor()

describe('on-ramp options and quotes', () => {
  it('offers USDC, ETH and PTK on both devnet chains, with the USD and EUR limits', async () => {
    const options = await apiJson(devnet, '/v1/onramp/options')
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ]
    const tokens = devnet.tokens[31337]!
    const networks = (address: (chainId: number) => string) => [
      {
        name: 'devnet',
        display_name: 'Devnet',
        chain_id: '31337',
        contract_address: address(31337),
      },
      {
        name: 'devnet-l2',
        display_name: 'Devnet L2',
        chain_id: '31338',
        contract_address: address(31338),
      },
    ]
    expect(options).toEqual({
      purchaseCurrencies: [
        {
          id: '2b92315d-eab7-5bef-84fa-089a131333f5',
          name: 'USD Coin',
          symbol: 'USDC',
          networks: networks((id) => devnet.tokens[id]!.usdc),
        },
        {
          id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
          name: 'Ethereum',
          symbol: 'ETH',
          networks: networks(() => ''),
        },
        {
          id: '633e24ac-2d4c-5ba4-80e0-6fe3c14ad27d',
          name: 'Portico Token',
          symbol: 'PTK',
          networks: networks((id) => devnet.tokens[id]!.ptk),
        },
      ],
      paymentCurrencies: [
        { id: 'USD', payment_method_limits: limits },
        { id: 'EUR', payment_method_limits: limits },
      ],
    })
    expect(tokens.usdc).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The images an SDK asks for next: one per payment currency id and per purchase symbol.
    for (const path of [
      '/public/getCurrencyImage/USD',
      '/public/getCurrencyImage/EUR',
      '/public/getTokenImage/USDC',
      '/public/getTokenImage/ETH',
      '/public/getAssetImage/PTK',
    ]) {
      const image = await api(devnet, path)
      expect(image.headers.get('content-type'), path).toBe('image/svg+xml')
    }
  })

  it('quotes from the price table and the gas price, within 1–2 % fee, and keeps the quote', async () => {
    const options = await apiJson<{ purchaseCurrencies: unknown[]; paymentCurrencies: unknown[] }>(
      devnet,
      '/v1/onramp/options',
    )
    const gasBefore = await client(31337).getGasPrice()
    // The SDK sends the option objects it got, the amount as a string, and a network name.
    const { status, body } = await post('/v1/onramp/quote', {
      purchaseCurrency: options.purchaseCurrencies[0],
      paymentCurrency: options.paymentCurrencies[0],
      amount: '100',
      network: 'devnet',
    })
    const gasAfter = await client(31337).getGasPrice()
    expect(status).toBe(200)
    const quote = body as OnrampQuote
    const money = { amount: expect.stringMatching(/^\d+\.\d\d$/), currency: 'USD' }
    expect(quote).toEqual({
      quoteId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      paymentTotal: { amount: '100.00', currency: 'USD' },
      paymentSubtotal: money,
      coinbaseFee: { amount: '1.50', currency: 'USD' },
      networkFee: money,
      purchaseAmount: { amount: expect.stringMatching(/^\d+(\.\d{1,6})?$/), currency: 'USDC' },
      paymentMethod: 'card',
      network: 'devnet',
      expiresAt: expect.any(String),
    })
    const fee = Number(quote.coinbaseFee.amount) / Number(quote.paymentTotal.amount)
    expect(fee).toBeGreaterThanOrEqual(0.01)
    expect(fee).toBeLessThanOrEqual(0.02)
    // The network fee: a token mint's gas (65 000) at the chain's gas price, in USD at 3000/ETH.
    const feeFor = (gasPrice: bigint) =>
      (Math.ceil((Number(gasPrice * 65_000n) / 1e18) * 3000 * 100) / 100).toFixed(2)
    expect([feeFor(gasBefore), feeFor(gasAfter)]).toContain(quote.networkFee.amount)
    const cents = (value: string) => Math.round(Number(value) * 100)
    expect(cents(quote.paymentSubtotal.amount)).toBe(
      cents('100.00') - cents(quote.coinbaseFee.amount) - cents(quote.networkFee.amount),
    )
    // USDC is 1 USD in the table: the subtotal buys as many USDC.
    expect(quote.purchaseAmount.amount).toBe(String(Number(quote.paymentSubtotal.amount)))
    const expires = Date.parse(quote.expiresAt) - Date.now()
    expect(expires).toBeGreaterThan(4 * 60 * 1000)
    expect(expires).toBeLessThanOrEqual(5 * 60 * 1000)

    expect(await apiJson(devnet, `/v1/onramp/quote/${quote.quoteId}`)).toEqual(quote)
    expect(devnet.onramp.quote(quote.quoteId)).toEqual(quote)
    const unknown = await api(devnet, '/v1/onramp/quote/00000000-0000-4000-8000-000000000000')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: 'unknown or expired quote' })

    // ETH in EUR on the second chain, priced from the table (a test moves the price).
    devnet.prices.set('ETH', 2000)
    devnet.prices.set('EUR', 1.25)
    try {
      const eth = await post('/v1/onramp/quote', {
        purchaseCurrency: 'ETH',
        paymentCurrency: 'EUR',
        amount: '200.00',
        network: 'eip155:31338',
        paymentMethod: 'ach_bank_account',
      })
      const q = eth.body as OnrampQuote
      expect(q.coinbaseFee).toEqual({ amount: '2.00', currency: 'EUR' })
      const ethBought = (Number(q.paymentSubtotal.amount) * 1.25) / 2000
      expect(Number(q.purchaseAmount.amount)).toBeCloseTo(ethBought, 12)
      expect(q.purchaseAmount.currency).toBe('ETH')
    } finally {
      devnet.prices.reset()
    }
  })

  it('quotes at the pools’ price once a swap moves it, as the balance route values the asset', async () => {
    const l2 = devnet.chains.find((c) => c.chainId === 31338)!
    const anvil = createTestClient({
      mode: 'anvil',
      chain: toViemChain(l2),
      transport: http(l2.rpcUrl),
    })
    // The swap is undone afterwards, so the other tests see the seeded pools.
    const snapshot = await anvil.snapshot()
    try {
      await devnet.moveSwapPrice({ sell: 'ETH', buy: 'USDC', amount: '10', chainId: 31338 })
      const { fungibles } = await apiJson<{ fungibles: { symbol: string; price: number }[] }>(
        devnet,
        '/v1/fungible/price',
        postJson({
          currency: 'usd',
          addresses: [
            'eip155:31338:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
            `eip155:31338:${devnet.tokens[31338]!.ptk}`,
          ],
        }),
      )
      const price = Object.fromEntries(fungibles.map((f) => [f.symbol, f.price]))
      // Selling 10 ETH into the 100 ETH / 300 000 USDC pool: about 2480 USD an ETH.
      expect(price.ETH).toBeGreaterThan(2400)
      expect(price.ETH).toBeLessThan(2600)
      for (const [asset, usd] of [
        ['ETH', price.ETH as number],
        ['PTK', price.PTK as number],
      ] as const) {
        const { status, body } = await post('/v1/onramp/quote', {
          purchaseCurrency: asset,
          paymentCurrency: 'USD',
          amount: '200.00',
          network: 'eip155:31338',
        })
        expect(status).toBe(200)
        const q = body as OnrampQuote
        expect(Number(q.purchaseAmount.amount)).toBeCloseTo(
          Number(q.paymentSubtotal.amount) / usd,
          asset === 'ETH' ? 12 : 9,
        )
      }
      // The first chain's pools did not move: ETH is 3000 there.
      const { body } = await post('/v1/onramp/quote', {
        purchaseCurrency: 'ETH',
        paymentCurrency: 'USD',
        amount: '200.00',
        network: 'eip155:31337',
      })
      const q = body as OnrampQuote
      expect(Number(q.purchaseAmount.amount)).toBeCloseTo(
        Number(q.paymentSubtotal.amount) / 3000,
        12,
      )
    } finally {
      await anvil.revert({ id: snapshot })
    }
  })

  it('enforces the payment method limits and refuses bad bodies with a clear error', async () => {
    const body = {
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '10.00',
      network: 'devnet',
    }
    const cases: [unknown, number, string][] = [
      [{ ...body, amount: '9.99' }, 400, 'amount: 9.99 USD is below the card minimum of 10.00 USD'],
      [
        { ...body, amount: '7500.01' },
        400,
        'amount: 7500.01 USD is above the card maximum of 7500.00 USD',
      ],
      [
        { ...body, amount: '25000.01', paymentMethod: 'ach_bank_account' },
        400,
        'amount: 25000.01 USD is above the ach_bank_account maximum of 25000.00 USD',
      ],
      [
        { ...body, amount: '12.345' },
        400,
        'amount: expected an amount such as "50.00" (at most 2 decimals), got "12.345"',
      ],
      [
        { ...body, purchaseCurrency: 'DOGE' },
        400,
        'purchaseCurrency: unknown currency "DOGE" (the devnet sells USDC, ETH, PTK)',
      ],
      [
        { ...body, paymentCurrency: 'GBP' },
        400,
        'paymentCurrency: unknown payment currency "GBP" (expected USD or EUR)',
      ],
      [
        { ...body, network: 'polygon' },
        400,
        'network: unknown network "polygon" (devnet networks: devnet, devnet-l2)',
      ],
      [
        { ...body, network: 'eip155:31339' },
        400,
        'network: unknown network "eip155:31339" (devnet networks: devnet, devnet-l2)',
      ],
      [
        { ...body, network: 'USDC' },
        400,
        'network: unknown network "USDC" (devnet networks: devnet, devnet-l2)',
      ],
      [
        { ...body, paymentMethod: 'paypal' },
        400,
        'paymentMethod: unknown payment method "paypal" (expected card or ach_bank_account)',
      ],
      [
        [1, 2],
        400,
        'expected a JSON object { purchaseCurrency, paymentCurrency, amount, network }',
      ],
    ]
    for (const [request, status, error] of cases) {
      expect(await post('/v1/onramp/quote', request), error).toEqual({ status, body: { error } })
    }
    for (const amount of ['10.00', '7500.00']) {
      expect((await post('/v1/onramp/quote', { ...body, amount })).status).toBe(200)
    }
    expect(
      (
        await post('/v1/onramp/quote', {
          ...body,
          amount: '25000',
          paymentMethod: 'ach_bank_account',
        })
      ).status,
    ).toBe(200)
  })
})

describe('on-ramp URLs and sessions', () => {
  it('opens a checkout session for the body, recording the app origin', async () => {
    const wallet = freshAddress()
    const { status, body } = await post('/v1/generators/onrampurl', onrampUrlBody(wallet), {
      Origin: 'http://127.0.0.1:5173',
    })
    expect(status).toBe(200)
    const sessionId = body.sessionId as string
    expect(body).toEqual({ url: `${devnet.apiUrl}/onramp/checkout/${sessionId}`, sessionId })
    const session = devnet.onramp.session(sessionId)
    expect(session).toMatchObject({
      provider: 'coinbase',
      status: 'open',
      wallet,
      origin: 'http://127.0.0.1:5173',
      partnerUserId: wallet,
      network: { name: 'devnet', chainId: 31337 },
      asset: { symbol: 'USDC', contractAddress: devnet.tokens[31337]!.usdc },
      fiat: { currency: 'USD', amount: '25.00' },
      quote: { paymentTotal: { amount: '25.00', currency: 'USD' } },
    })
    const page = await fetch(body.url as string)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'")
    const script = await fetch(`${devnet.apiUrl}/onramp/checkout.js`)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect((await fetch(`${devnet.apiUrl}/onramp/checkout/nope`)).status).toBe(404)

    // No Origin (a server-side call): the session records none, and its page never posts.
    const silent = await post('/v1/generators/onrampurl', onrampUrlBody(wallet))
    expect(devnet.onramp.session(silent.body.sessionId as string)?.origin).toBeNull()
    expect(
      (
        await apiJson<{ sessions: OnrampSession[] }>(devnet, '/__devnet/onramp/sessions', {
          headers: CONTROL_HEADERS,
        })
      ).sessions
        .map((s) => s.id)
        .slice(0, 2),
    ).toEqual([silent.body.sessionId, sessionId])
  })

  it('refuses bodies it cannot act on, and opens nothing', async () => {
    const wallet = freshAddress()
    const before = devnet.onramp.sessions().length
    const cases: [unknown, string][] = [
      [
        { ...onrampUrlBody(wallet), destinationWallets: 'x' },
        'destinationWallets: expected an array of 1 to 10 wallets',
      ],
      [
        onrampUrlBody(wallet, {
          destinationWallets: [{ address: '0x123', blockchains: ['devnet'] }],
        }),
        'destinationWallets[0].address: expected an EVM address (0x and 40 hex digits), got "0x123"',
      ],
      [
        onrampUrlBody(wallet, {
          destinationWallets: [{ address: wallet, blockchains: ['ethereum', 'base'] }],
        }),
        'destinationWallets: no wallet lists a devnet network in its blockchains (devnet, devnet-l2)',
      ],
      [
        onrampUrlBody(wallet, { defaultNetwork: 'mars' }),
        'defaultNetwork: unknown network "mars" (devnet networks: devnet, devnet-l2)',
      ],
      [
        onrampUrlBody(wallet, { partnerUserId: '' }),
        'partnerUserId: expected a string of 1 to 64 characters',
      ],
      [
        onrampUrlBody(wallet, { defaultExperience: 'send' }),
        'defaultExperience: the devnet only offers "buy", got "send"',
      ],
      [
        onrampUrlBody(wallet, { presetFiatAmount: 7500.01 }),
        'presetFiatAmount: 7500.01 USD is above the card maximum of 7500.00 USD',
      ],
      [
        onrampUrlBody(wallet, { quoteId: '00000000-0000-4000-8000-000000000000' }),
        'quoteId: unknown or expired quote',
      ],
    ]
    for (const [body, error] of cases) {
      expect(await post('/v1/generators/onrampurl', body), error).toEqual({
        status: 400,
        body: { error },
      })
    }
    expect(devnet.onramp.sessions()).toHaveLength(before)
    const unknown = await api(devnet, `/v1/account/${wallet}/history?onramp=moonpay`)
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({
      error: 'unsupported onramp "moonpay": expected coinbase or meld',
    })
    expect(await onrampHistory(wallet)).toEqual({ data: [], next: null })
  })

  it('settles only pending sessions through the control routes', async () => {
    const { body } = await post('/v1/generators/onrampurl', onrampUrlBody(freshAddress()))
    const id = body.sessionId as string
    const complete = await fetch(`${devnet.apiUrl}/__devnet/onramp/sessions/${id}/complete`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
    })
    expect(complete.status).toBe(409)
    expect(await complete.json()).toEqual({ error: `session ${id} is open, not pending` })
    const missing = await fetch(`${devnet.apiUrl}/__devnet/onramp/sessions/nope/fail`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
    })
    expect(missing.status).toBe(404)
  })
})

describe('the checkout page in Chromium', () => {
  it('pays with the success card: the tokens arrive on chain and the opener is told, at its origin', async () => {
    const wallet = freshAddress()
    const { page, popup, errors } = await openCheckout(onrampUrlBody(wallet))
    const session = devnet.onramp.sessions()[0]!
    expect(session.origin).toBe(appOrigin)
    const quote = session.quote!
    // The page shows the order and the quote with its fees, as text.
    await popup.getByRole('heading', { name: 'Buy USDC with Coinbase (devnet)' }).waitFor()
    const order = popup.getByRole('region', { name: 'Order' })
    for (const text of [
      'USD Coin (USDC)',
      'Devnet (chain 31337)',
      wallet,
      `${quote.coinbaseFee.amount} USD`,
      `${quote.networkFee.amount} USD`,
      `${quote.purchaseAmount.amount} USDC`,
    ]) {
      await order.getByText(text, { exact: true }).waitFor()
    }
    expect(await usdcBalance(wallet)).toBe(0n)

    await popup.getByRole('button', { name: 'Pay 25.00 USD' }).waitFor()
    await payWith(popup, '4242 4242 4242 4242')
    await statusText(popup, `Payment complete: ${quote.purchaseAmount.amount} USDC sent to`)

    expect(await usdcBalance(wallet)).toBe(parseUnits(quote.purchaseAmount.amount, 6))
    await expect.poll(() => accepted(page), { timeout: 10_000 }).toHaveLength(1)
    const [message] = await accepted(page)
    const purchase = devnet.onramp.session(session.id)!.purchase!
    expect(message).toEqual({
      origin: apiOrigin(),
      data: {
        type: 'portico:onramp',
        version: 1,
        sessionId: session.id,
        provider: 'coinbase',
        status: 'success',
        purchase: {
          asset: 'USDC',
          amount: quote.purchaseAmount.amount,
          chainId: 31337,
          caipNetworkId: 'eip155:31337',
          address: wallet,
          contractAddress: devnet.tokens[31337]!.usdc,
          hash: purchase.hash,
        },
      },
    })
    const receipt = await client(31337).waitForTransactionReceipt({
      hash: purchase.hash,
      pollingInterval: 50,
      timeout: 10_000,
    })
    expect(receipt.status).toBe('success')
    const history = await onrampHistory(wallet)
    expect(history.data).toEqual([
      expect.objectContaining({
        id: session.id,
        metadata: expect.objectContaining({
          operationType: 'buy',
          status: 'confirmed',
          hash: purchase.hash,
          sentFrom: 'Coinbase',
          sentTo: wallet,
          chain: 'eip155:31337',
        }),
        transfers: [
          expect.objectContaining({
            direction: 'in',
            quantity: { numeric: quote.purchaseAmount.amount },
          }),
        ],
      }),
    ])
    expect(await popup.getByRole('button', { name: 'Close window' }).isVisible()).toBe(true)
    expect(errors).toEqual([])
  })

  it('ends a declined card as failed: nothing is sent and the opener hears "failed"', async () => {
    const wallet = freshAddress()
    const { page, popup, errors } = await openCheckout(
      onrampUrlBody(wallet, { presetFiatAmount: '40' }),
    )
    // The card form labels its problems and moves focus to the first one.
    await popup.getByRole('button', { name: 'Pay 40.00 USD' }).click()
    await popup.getByRole('alert').filter({ hasText: 'Check the highlighted fields.' }).waitFor()
    const number = popup.getByLabel('Card number')
    expect(await number.getAttribute('aria-invalid')).toBe('true')
    expect(await popup.locator('#card-number-error').textContent()).toBe('Enter the card number.')
    expect(await number.evaluate((el) => el === document.activeElement)).toBe(true)

    await payWith(popup, '4000 0000 0000 0002')
    await statusText(popup, 'Payment failed: The card was declined.')
    await expect.poll(() => accepted(page), { timeout: 10_000 }).toHaveLength(1)
    const [message] = await accepted(page)
    expect(message?.origin).toBe(apiOrigin())
    expect(message?.data).toMatchObject({
      type: 'portico:onramp',
      status: 'failed',
      error: { code: 'card_declined', message: 'The card was declined.' },
    })
    expect(await usdcBalance(wallet)).toBe(0n)
    expect((await onrampHistory(wallet)).data.map((item) => item.metadata.status)).toEqual([
      'failed',
    ])
    expect(errors).toEqual([])
  })

  it('keeps the processing card pending, shown so in the history, until the control route completes it', async () => {
    const wallet = freshAddress()
    const { page, popup, errors } = await openCheckout(
      onrampUrlBody(wallet, { presetFiatAmount: 60 }),
    )
    await payWith(popup, '4000 0000 0000 0085')
    await statusText(
      popup,
      'Payment processing: your USDC will be sent once the provider confirms.',
    )
    await expect.poll(() => accepted(page), { timeout: 10_000 }).toHaveLength(1)
    expect((await accepted(page))[0]?.data).toMatchObject({ status: 'processing' })

    const pending = await onrampHistory(wallet)
    expect(pending.data).toHaveLength(1)
    expect(pending.data[0]?.metadata).toMatchObject({
      status: 'pending',
      hash: '',
      operationType: 'buy',
    })
    const session = devnet.onramp.sessions().find((s) => s.wallet === wallet)!
    expect(session.status).toBe('pending')
    expect(await usdcBalance(wallet)).toBe(0n)

    const response = await fetch(
      `${devnet.apiUrl}/__devnet/onramp/sessions/${session.id}/complete`,
      {
        method: 'POST',
        headers: CONTROL_HEADERS,
      },
    )
    const completed = (await response.json()) as OnrampSession
    expect(completed.status).toBe('confirmed')
    expect(await usdcBalance(wallet)).toBe(parseUnits(session.quote!.purchaseAmount.amount, 6))
    // The open page notices, shows it, and tells the opener again.
    await statusText(popup, 'Payment complete:')
    await expect.poll(() => accepted(page), { timeout: 10_000 }).toHaveLength(2)
    expect((await accepted(page))[1]?.data).toMatchObject({
      status: 'success',
      purchase: { hash: completed.purchase?.hash },
    })
    expect((await onrampHistory(wallet)).data[0]?.metadata).toMatchObject({
      status: 'confirmed',
      hash: completed.purchase?.hash,
    })
    expect(errors).toEqual([])
  })

  it('posts nothing to an opener on another origin than the one recorded', async () => {
    const wallet = freshAddress()
    // The session is made by a server call claiming another origin; the app opens its URL.
    const { body } = await post('/v1/generators/onrampurl', onrampUrlBody(wallet), {
      Origin: 'http://127.0.0.1:1',
    })
    context = await chromium.browser.newContext()
    const page = await context.newPage()
    await page.goto(appOrigin)
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => {
        window.open(url, 'onramp')
      }, body.url as string),
    ])
    const refused = page.waitForEvent('console', {
      predicate: (message) =>
        message.text().includes("does not match the recipient window's origin"),
    })
    await payWith(popup, '4000 0000 0000 0002')
    await statusText(popup, 'Payment failed')
    // Chromium drops the message at the opener, and says so in the opener's console.
    expect((await refused).text()).toBe(
      `Failed to execute 'postMessage' on 'DOMWindow': The target origin provided ('http://127.0.0.1:1') does not match the recipient window's origin ('${appOrigin}').`,
    )
    expect(await accepted(page)).toEqual([])
    const ignored = await page.evaluate(() => (window as unknown as { ignored: string[] }).ignored)
    expect(ignored).toEqual([])
  })

  it('opens from the Meld-like URL the SDK builds, delivering ETH on the second chain', async () => {
    const wallet = freshAddress()
    const request = {
      walletAddress: wallet,
      network: 'devnet-l2',
      destinationCurrencyCode: 'ETH',
      sourceAmount: '120',
      sourceCurrencyCode: 'EUR',
      externalCustomerId: 'project-1',
    }
    const { page, popup, errors } = await openCheckout(request, 'Buy with Meld')
    const session = devnet.onramp.sessions()[0]!
    expect(session).toMatchObject({
      provider: 'meld',
      wallet,
      origin: appOrigin, // from the Referer: a popup's navigation has no Origin header
      network: { chainId: 31338 },
      asset: { symbol: 'ETH', contractAddress: '' },
      fiat: { currency: 'EUR', amount: '120.00' },
      partnerUserId: 'project-1',
    })
    const before = await client(31338).getBalance({ address: wallet })
    await payWith(popup, '4242424242424242')
    await statusText(popup, 'Payment complete:')
    const after = await client(31338).getBalance({ address: wallet })
    expect(after - before).toBe(parseUnits(session.quote!.purchaseAmount.amount, 18))
    await expect.poll(() => accepted(page), { timeout: 10_000 }).toHaveLength(1)
    expect((await accepted(page))[0]).toMatchObject({
      origin: apiOrigin(),
      data: { provider: 'meld', status: 'success', purchase: { asset: 'ETH', chainId: 31338 } },
    })
    expect((await onrampHistory(wallet, 'meld')).data[0]?.metadata).toMatchObject({
      status: 'confirmed',
      sentFrom: 'Meld',
      chain: 'eip155:31338',
    })
    expect((await onrampHistory(wallet, 'coinbase')).data).toEqual([])
    expect(errors).toEqual([])
  })

  it('works with no opener: the buyer enters the amount and the page alone shows the outcome', async () => {
    const wallet = freshAddress()
    context = await chromium.browser.newContext()
    const popup = await context.newPage()
    const errors: string[] = []
    popup.on('pageerror', (error) => errors.push(error.message))
    const bad = await fetch(`${devnet.apiUrl}/onramp/meld?walletAddress=nope`)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      error: 'walletAddress: expected an EVM address (0x and 40 hex digits), got "nope"',
    })

    await popup.goto(`${devnet.apiUrl}/onramp/meld?walletAddress=${wallet}&network=devnet`)
    expect(popup.url()).toMatch(new RegExp(`^${devnet.apiUrl}/onramp/checkout/[0-9a-f-]{36}$`))
    await statusText(popup, 'Enter an amount in USD.')
    await popup.getByLabel('Amount (USD)').fill('5')
    await popup.getByRole('button', { name: 'Get quote' }).click()
    await popup
      .locator('#amount-error')
      .filter({ hasText: 'Enter an amount from 10.00 to 7500.00 USD.' })
      .waitFor()
    expect(await popup.getByLabel('Amount (USD)').getAttribute('aria-invalid')).toBe('true')
    await popup.getByLabel('Amount (USD)').fill('15')
    await popup.getByRole('button', { name: 'Get quote' }).click()
    await popup.getByRole('button', { name: 'Pay 15.00 USD' }).waitFor()
    const session = devnet.onramp.sessions()[0]!
    expect(session.origin).toBeNull()
    await payWith(popup, '4242 4242 4242 4242')
    await statusText(popup, 'Payment complete:')
    expect(await usdcBalance(wallet)).toBe(
      parseUnits(devnet.onramp.session(session.id)!.quote!.purchaseAmount.amount, 6),
    )
    expect(await popup.getByText('You can close this window.').isVisible()).toBe(true)
    expect(await popup.getByRole('button', { name: 'Close window' }).isVisible()).toBe(false)
    expect(errors).toEqual([])
  })
})
