import {
  createMemoryStorage,
  createPortico,
  type OnrampPurchase,
  type PorticoClient,
} from '@portico/core'
import { type Devnet, DevnetToken, devnetOnrampOptions, startDevnet } from '@portico/devnet'
import { createDevnetWalletCore } from '@portico/devnet/wallet'
import { createPublicClient, formatUnits, http, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

// The SDK buys through the devnet's provider checkout. Node has no windows: `open` hands the SDK a
// window that only records where it was sent; the test pays on the checkout over HTTP, as the
// page's script does, and the SDK follows the purchase through the on-ramp history.
const WALLET_ID = 'devnet-wallet'
let devnet: Devnet
let portico: PorticoClient
let address: `0x${string}`
const stops: (() => void)[] = []

type ProviderWindow = { closed: boolean; url: string | undefined }
let popup: ProviderWindow
const globals = globalThis as { open?: unknown }

/** A store as the SDK shows it (nanostores). */
type Store<T> = { get(): T; subscribe(listener: (value: T) => void): () => void }

function client(): PorticoClient {
  return createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
    // The devnet's checkout origin: the SDK opens the provider window only on listed origins.
    onramp: devnetOnrampOptions(devnet.apiUrl),
    storage: createMemoryStorage(),
    logLevel: 'silent',
    connectors: [
      {
        id: WALLET_ID,
        name: 'Devnet Wallet',
        provider: createDevnetWalletCore({ chains: devnet.chains, autoApprove: true }).provider,
      },
    ],
  })
}

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  portico = client()
  await portico.connection.connect({ connectorId: WALLET_ID })
  address = portico.connection.$address.get() as `0x${string}`
}, 60_000)

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  devnet.faults.clear()
  delete globals.open
})

afterAll(async () => {
  portico?.destroy()
  await devnet?.stop()
})

/** Watches a store (fetch on use) until `ready` holds, with a deadline. */
function until<T>(store: Store<T>, ready: (value: T) => boolean, ms = 20_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timed out: ${JSON.stringify(store.get())}`)),
      ms,
    )
    const stop = store.subscribe((value) => {
      if (!ready(value)) return
      clearTimeout(timer)
      queueMicrotask(() => stop())
      resolve(value)
    })
    stops.push(stop)
  })
}

async function usdcOnChain(): Promise<bigint> {
  const chain = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
  return (await chain.readContract({
    address: devnet.tokens[31337]!.usdc,
    abi: DevnetToken.abi,
    functionName: 'balanceOf',
    args: [address],
  })) as bigint
}

/** Orders `amount` USD of USDC by card and waits for the quote the SDK shows. */
async function order(amount: string) {
  await until(portico.onramp.$form, (form) => form?.asset !== undefined)
  const usdc = portico.onramp.$form.get()!.assets.find((a) => a.symbol === 'USDC')!
  portico.onramp.setAsset(usdc.id)
  portico.onramp.setPaymentMethod('card')
  portico.onramp.setAmount(amount)
  const quote = await until(
    portico.onramp.$quote,
    (q) => q.status === 'success' && q.data?.paymentTotal.amount === Number(amount).toFixed(2),
  )
  return quote.data!
}

/** Starts the purchase; resolves with the checkout session the provider window was sent to. */
async function startBuying(): Promise<{ purchase: Promise<OnrampPurchase>; sessionId: string }> {
  popup = { closed: false, url: undefined }
  globals.open = () => ({
    get closed() {
      return popup.closed
    },
    location: { replace: (url: string) => (popup.url = url) },
    focus: () => undefined,
    close: () => (popup.closed = true),
  })
  const purchase = portico.onramp.buy()
  purchase.catch(() => undefined)
  const deadline = Date.now() + 10_000
  while (!popup.url && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  expect(popup.url).toMatch(new RegExp(`^${devnet.apiUrl}/onramp/checkout/`))
  return { purchase, sessionId: popup.url!.split('/').pop()! }
}

async function pay(sessionId: string, cardNumber: string) {
  const response = await fetch(`${devnet.apiUrl}/onramp/sessions/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardNumber, expiry: '12/40', cvc: '123' }),
  })
  expect(response.status).toBe(200)
  return response.json()
}

describe('the on-ramp on a devnet', () => {
  it('reads the options: the devnet tokens on the active chain, paid in USD or EUR with the limits', async () => {
    const options = await until(portico.onramp.$options, (o) => o.status === 'success')
    expect(options.data?.isFallback).toBe(false)
    const symbols = options.data!.purchaseCurrencies.map((c) => c.symbol)
    expect(symbols).toEqual(expect.arrayContaining(['USDC', 'ETH']))
    for (const currency of options.data!.purchaseCurrencies) {
      expect(currency.id).toMatch(/^[\w-]+$/)
      expect(currency.networks.map((n) => n.chain_id)).toContain('31337')
    }
    expect(options.data!.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    for (const currency of options.data!.paymentCurrencies) {
      expect(currency.payment_method_limits).toEqual([
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ])
    }
    const form = await until(portico.onramp.$form, (f) => f?.asset !== undefined)
    expect(form!.caipNetworkId).toBe('eip155:31337')
    expect(form!.assets.every((a) => a.network.chain_id === '31337')).toBe(true)
    expect(form!.asset?.network.contract_address.toLowerCase()).toBe(
      devnet.tokens[31337]!.usdc.toLowerCase(),
    )
  })

  it('quotes an amount: fees of 1–2 %, a network fee, a real quote id', async () => {
    const quote = await order('50')
    expect(quote.isEstimate).toBe(false)
    expect(quote.quoteId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(quote.paymentTotal).toEqual({ amount: '50.00', currency: 'USD' })
    const fee = Number(quote.coinbaseFee.amount)
    expect(fee).toBeGreaterThanOrEqual(0.5)
    expect(fee).toBeLessThanOrEqual(1)
    expect(Number(quote.networkFee.amount)).toBeGreaterThan(0)
    expect(Number(quote.paymentSubtotal.amount)).toBeCloseTo(
      50 - fee - Number(quote.networkFee.amount),
      2,
    )
    expect(quote.purchaseAmount.currency).toBe('USDC')
    // The devnet keeps the quote under its id.
    expect(devnet.onramp.quote(quote.quoteId)).toBeDefined()
  })

  it('buys with the success card: the chain balance rises by the quoted amount, balances refresh', async () => {
    const quote = await order('50')
    const before = await usdcOnChain()
    const { purchase, sessionId } = await startBuying()
    await pay(sessionId, '4242424242424242')
    const bought = await purchase
    const after = await usdcOnChain()
    expect(formatUnits(after - before, 6)).toBe(quote.purchaseAmount.amount)
    expect(after - before).toBe(parseUnits(quote.purchaseAmount.amount, 6))
    expect(bought).toMatchObject({
      provider: 'coinbase',
      sessionId,
      asset: 'USDC',
      amount: quote.purchaseAmount.amount,
      caipNetworkId: 'eip155:31337',
    })
    expect(bought.hash).toBe(devnet.onramp.session(sessionId)?.purchase?.hash)
    expect(portico.onramp.$purchase.get()).toMatchObject({ status: 'success', phase: 'success' })
    // The wallet's USDC as the SDK shows it matches the chain.
    const tokens = await until(portico.balances.$tokenBalances, (b) =>
      (b.data ?? []).some(
        (t) => t.symbol === 'USDC' && t.quantity.numeric === formatUnits(after, 6),
      ),
    )
    expect(tokens).toBeDefined()
    // The purchase is in the account's on-ramp purchases.
    await portico.onramp.refreshPurchases()
    const items = await until(portico.onramp.$purchases, (p) => p.status === 'success')
    expect(items.data?.find((i) => i.id === sessionId)).toMatchObject({
      status: 'confirmed',
      hash: bought.hash,
    })
  }, 60_000)

  it('ends with the declined card as failed, saying why, and nothing is delivered', async () => {
    await order('20')
    const before = await usdcOnChain()
    const { purchase, sessionId } = await startBuying()
    await pay(sessionId, '4000000000000002')
    const error = await purchase.then(
      () => undefined,
      (e: unknown) => e as { code: string; details?: { message?: unknown } },
    )
    // Without a window the SDK learns the outcome from the history, which says `failed` but not
    // why; in a browser the checkout page's message says the card was declined (the e2e journey).
    expect(error?.code).toBe('API_ERROR')
    expect(error?.details?.message).toEqual({ key: 'onramp.purchaseFailed' })
    expect(portico.onramp.$purchase.get()).toMatchObject({ status: 'error', phase: 'error' })
    expect(devnet.onramp.session(sessionId)?.status).toBe('failed')
    expect(await usdcOnChain()).toBe(before)
  }, 60_000)

  it('shows a processing card as processing until the provider confirms it', async () => {
    const quote = await order('30')
    const before = await usdcOnChain()
    const { purchase, sessionId } = await startBuying()
    await pay(sessionId, '4000000000000085')
    await until(portico.onramp.$purchase, (p) => p.phase === 'processing')
    expect(portico.onramp.$purchase.get().isPending).toBe(true)
    expect(await usdcOnChain()).toBe(before)
    await devnet.onramp.complete(sessionId)
    await purchase
    expect(portico.onramp.$purchase.get().phase).toBe('success')
    expect((await usdcOnChain()) - before).toBe(parseUnits(quote.purchaseAmount.amount, 6))
  }, 60_000)

  it('falls back to the built-in options under a 503', async () => {
    devnet.faults.set({ route: '/v1/onramp', mode: '503' })
    const other = client()
    try {
      const options = await until(other.onramp.$options, (o) => o.status === 'success')
      expect(options.data?.isFallback).toBe(true)
      expect(options.data?.purchaseCurrencies.map((c) => c.symbol)).toEqual(['USDC', 'ETH'])
      expect(
        options.data?.purchaseCurrencies.flatMap((c) => c.networks.map((n) => n.chain_id)),
      ).toEqual(['1', '137', '1', '137'])
      expect(options.data?.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    } finally {
      other.destroy()
    }
  })
})
