import { type Address, type Hex, keccak256, parseUnits, toHex } from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ChainReader } from '../../chains/evm/reader.js'
import { createPriceTable } from '../prices/priceTable.js'
import type { Delivery } from './delivery.js'
import { onrampHistoryPage } from './history.js'
import { messageOf } from './messages.js'
import { createOnrampService, type OnrampService, QuoteExpiredError } from './onramp.js'
import { OnrampInputError } from './parse.js'
import { parseMeldQuery, parseOnrampUrlBody } from './sessionRequest.js'
import { TEST_CHAINS, TEST_TOKENS } from './testCatalog.js'

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address
const CARD = { expiry: '12/39', cvc: '123' }
const SUCCESS = { ...CARD, cardNumber: '4242 4242 4242 4242' }
const DECLINED = { ...CARD, cardNumber: '4000 0000 0000 0002' }
const PROCESSING = { ...CARD, cardNumber: '4000000000000085' }

// Only what the service reads from a chain: its gas price (1 gwei).
const readers = new Map(
  TEST_CHAINS.map((chain) => [
    chain.chainId,
    { chain, client: { getGasPrice: async () => 1_000_000_000n } } as unknown as ChainReader,
  ]),
)

let now: number
let deliveries: Delivery[]
let deliveryError: Error | undefined
let onramp: OnrampService

beforeEach(() => {
  now = Date.UTC(2030, 0, 1)
  deliveries = []
  deliveryError = undefined
  onramp = createOnrampService({
    chains: TEST_CHAINS,
    readers,
    tokens: TEST_TOKENS,
    prices: createPriceTable(),
    deployer: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
    now: () => now,
    async deliver(delivery) {
      if (deliveryError) throw deliveryError
      deliveries.push(delivery)
      return {
        hash: keccak256(toHex(deliveries.length)) as Hex,
        blockNumber: 100 + deliveries.length,
        timestamp: Math.floor(now / 1000),
        from: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
        nonce: 20 + deliveries.length,
      }
    },
  })
})

function open(
  body: Record<string, unknown> = {},
  wallet = WALLET,
  origin = 'http://localhost:5173',
) {
  return onramp.openSession(
    parseOnrampUrlBody(
      {
        destinationWallets: [{ address: wallet, blockchains: ['devnet', 'devnet-l2'] }],
        partnerUserId: wallet,
        presetFiatAmount: '50.00',
        ...body,
      },
      onramp.catalog,
    ),
    origin,
  )
}

async function rejection(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === 'function' ? promise() : promise)
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

describe('checkout sessions', () => {
  it('opens with a stored quote and the app origin, then delivers what the quote says', async () => {
    const session = await open()
    expect(session).toMatchObject({
      provider: 'coinbase',
      status: 'open',
      wallet: WALLET,
      origin: 'http://localhost:5173',
      network: { name: 'devnet', chainId: 31337, caipNetworkId: 'eip155:31337' },
      asset: { symbol: 'USDC', contractAddress: TEST_TOKENS[31337]?.usdc },
      fiat: { currency: 'USD', amount: '50.00' },
      quote: {
        paymentTotal: { amount: '50.00', currency: 'USD' },
        purchaseAmount: { amount: '49.05', currency: 'USDC' },
      },
    })
    expect(onramp.getQuote(session.quote!.quoteId)).toEqual(session.quote)

    const paid = await onramp.pay(session.id, SUCCESS)
    expect(deliveries).toEqual([
      {
        chainId: 31337,
        asset: expect.objectContaining({ symbol: 'USDC' }),
        to: WALLET,
        units: 49_050_000n,
      },
    ])
    expect(paid).toMatchObject({
      status: 'confirmed',
      card: { last4: '4242' },
      purchase: {
        asset: 'USDC',
        amount: '49.05',
        units: '49050000',
        to: WALLET,
        blockNumber: 101,
        nonce: 21,
      },
    })
    expect(messageOf(paid)).toEqual({
      type: 'portico:onramp',
      version: 1,
      sessionId: session.id,
      provider: 'coinbase',
      status: 'success',
      purchase: {
        asset: 'USDC',
        amount: '49.05',
        chainId: 31337,
        caipNetworkId: 'eip155:31337',
        address: WALLET,
        contractAddress: TEST_TOKENS[31337]?.usdc,
        hash: paid.purchase?.hash,
      },
    })
    // Paid once: a second payment is refused and delivers nothing more.
    expect(await rejection(onramp.pay(session.id, SUCCESS))).toMatchObject({
      status: 409,
      message: `session ${session.id} is confirmed`,
    })
    expect(deliveries).toHaveLength(1)
  })

  it('ends declined cards as failed without delivering', async () => {
    const session = await open()
    const paid = await onramp.pay(session.id, DECLINED)
    expect(paid).toMatchObject({
      status: 'failed',
      failure: { code: 'card_declined', message: 'The card was declined.' },
    })
    expect(messageOf(paid)).toMatchObject({ status: 'failed', error: { code: 'card_declined' } })
    expect(deliveries).toEqual([])
  })

  it('leaves the processing card pending until completed or failed', async () => {
    const first = await open()
    expect(await onramp.pay(first.id, PROCESSING)).toMatchObject({
      status: 'pending',
      purchase: null,
    })
    expect(messageOf(onramp.session(first.id)!)).toMatchObject({ status: 'processing' })
    expect(deliveries).toEqual([])
    expect(await onramp.complete(first.id)).toMatchObject({
      status: 'confirmed',
      purchase: { amount: '49.05' },
    })
    expect(deliveries).toHaveLength(1)
    expect(await rejection(onramp.complete(first.id))).toMatchObject({ status: 409 })

    const second = await open()
    await onramp.pay(second.id, PROCESSING)
    expect(onramp.fail(second.id, 'Bank refused')).toMatchObject({
      status: 'failed',
      failure: { code: 'provider_failed', message: 'Bank refused' },
    })
    expect(await rejection(() => onramp.fail(second.id))).toMatchObject({ status: 409 })
    // An open session cannot be settled from outside: it was never paid.
    const third = await open()
    expect(await rejection(() => onramp.fail(third.id))).toMatchObject({
      status: 409,
      message: `session ${third.id} is open, not pending`,
    })
    expect(await rejection(onramp.complete('nope'))).toMatchObject({ status: 404 })
  })

  it('refuses cards that are not test cards and leaves the session as it was', async () => {
    const session = await open()
    const error = await rejection(
      onramp.pay(session.id, { ...SUCCESS, cardNumber: '4111 1111 1111 1111' }),
    )
    expect(error).toBeInstanceOf(OnrampInputError)
    expect((error as OnrampInputError).fields?.cardNumber).toMatch(
      /^Not a devnet test card\. Use 4242 4242 4242 4242/,
    )
    expect(
      await rejection(onramp.pay(session.id, { cardNumber: '', expiry: '01/20', cvc: 'abc' })),
    ).toMatchObject({
      fields: {
        cardNumber: 'Enter the card number.',
        expiry: 'The card has expired.',
        cvc: 'Enter the 3 or 4 digit security code.',
      },
    })
    expect(onramp.session(session.id)).toEqual(session)
  })

  it('makes a new quote when the first expired, and the buyer pays that one', async () => {
    const session = await open()
    now += 5 * 60 * 1000
    const error = await rejection(onramp.pay(session.id, SUCCESS))
    expect(error).toBeInstanceOf(QuoteExpiredError)
    const renewed = (error as QuoteExpiredError).session
    expect(renewed.status).toBe('open')
    expect(renewed.quote?.quoteId).not.toBe(session.quote?.quoteId)
    expect(renewed.quote?.paymentTotal).toEqual({ amount: '50.00', currency: 'USD' })
    expect(deliveries).toEqual([])
    expect(await onramp.pay(session.id, SUCCESS)).toMatchObject({ status: 'confirmed' })
  })

  it('takes a quote by id while it is valid, and a crypto amount', async () => {
    const quote = await onramp.quote({
      purchaseCurrency: 'ETH',
      paymentCurrency: 'EUR',
      amount: '100',
      network: 'devnet-l2',
    })
    const session = await open({ quoteId: quote.quoteId })
    expect(session).toMatchObject({
      asset: { symbol: 'ETH', contractAddress: '' },
      network: { chainId: 31338 },
      fiat: { currency: 'EUR', amount: '100.00' },
      quote,
    })
    await onramp.pay(session.id, SUCCESS)
    expect(deliveries[0]?.units).toBe(parseUnits(quote.purchaseAmount.amount, 18))

    const restricted = parseMeldQuery(
      new URLSearchParams({ walletAddress: WALLET, network: 'devnet', quoteId: quote.quoteId }),
      onramp.catalog,
    )
    expect(await rejection(onramp.openSession(restricted, null))).toMatchObject({
      message: 'quoteId: the quote delivers on devnet-l2, which the request does not allow',
    })
    const ach = await onramp.quote({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'devnet',
      paymentMethod: 'ach_bank_account',
    })
    expect(await rejection(open({ quoteId: ach.quoteId }))).toMatchObject({
      message: /takes cards/,
    })
    now += 5 * 60 * 1000
    expect(await rejection(open({ quoteId: quote.quoteId }))).toMatchObject({
      message: 'quoteId: unknown or expired quote',
    })

    const crypto = await open({
      presetFiatAmount: undefined,
      presetCryptoAmount: '0.01',
      defaultAsset: 'ETH',
    })
    // 0.01 ETH at 3000 USD is 30.00; with the network fee (0.07) and 1.5 % (0.46) on top, 30.53
    // is the smallest total that buys it.
    expect(crypto.quote).toMatchObject({
      paymentTotal: { amount: '30.53' },
      coinbaseFee: { amount: '0.46' },
      networkFee: { amount: '0.07' },
      paymentSubtotal: { amount: '30.00' },
    })
    expect(Number(crypto.quote?.purchaseAmount.amount)).toBeGreaterThanOrEqual(0.01)
    expect(
      await rejection(
        open({ presetFiatAmount: undefined, presetCryptoAmount: '3', defaultAsset: 'ETH' }),
      ),
    ).toMatchObject({
      message: /^presetCryptoAmount: \d+\.\d\d USD is above the card maximum of 7500.00 USD$/,
    })
  })

  it('lets the buyer set the amount on the page when the app gave none', async () => {
    const session = await open({ presetFiatAmount: undefined })
    expect(session).toMatchObject({ quote: null, fiat: { amount: null } })
    expect(await rejection(onramp.pay(session.id, SUCCESS))).toMatchObject({
      status: 409,
      message: 'enter an amount first: the session has no quote',
    })
    expect(await rejection(onramp.requote(session.id, { amount: '5' }))).toMatchObject({
      message: 'amount: 5.00 USD is below the card minimum of 10.00 USD',
    })
    const quoted = await onramp.requote(session.id, { amount: '20' })
    expect(quoted).toMatchObject({
      fiat: { amount: '20.00' },
      quote: { paymentTotal: { amount: '20.00' } },
    })
    await onramp.pay(session.id, DECLINED)
    expect(await rejection(onramp.requote(session.id, { amount: '30' }))).toMatchObject({
      status: 409,
    })
  })

  it('fails the session when the delivery fails', async () => {
    const session = await open()
    deliveryError = new Error('execution reverted\nmore detail')
    expect(await onramp.pay(session.id, SUCCESS)).toMatchObject({
      status: 'failed',
      failure: {
        code: 'delivery_failed',
        message: 'The purchase could not be delivered: execution reverted',
      },
    })
  })
})

describe('on-ramp history', () => {
  const context = {
    tokenIcon: (s: string) => `icon:${s}`,
    price: (s: string) => (s === 'USDC' ? 1 : 0),
  }

  it('lists the account’s paid sessions of one provider, newest first, 20 a page', async () => {
    const ids: string[] = []
    for (let i = 0; i < 23; i++) {
      now += 1000
      const session = await open()
      ids.push(session.id)
      await onramp.pay(session.id, i === 22 ? PROCESSING : DECLINED)
    }
    await open() // open: not a purchase yet
    await onramp.pay((await open({}, OTHER)).id, SUCCESS)
    const meld = await onramp.openSession(
      parseMeldQuery(
        new URLSearchParams({ walletAddress: WALLET, sourceAmount: '10' }),
        onramp.catalog,
      ),
      null,
    )
    await onramp.pay(meld.id, SUCCESS)

    const query = { ...context, provider: 'coinbase' as const, account: WALLET }
    const first = onrampHistoryPage(onramp.purchases(), query)
    expect(first.data.map((item) => item.id)).toEqual(ids.slice(3).reverse())
    expect(first.data[0]).toEqual({
      id: ids[22],
      metadata: {
        operationType: 'buy',
        hash: '',
        minedAt: new Date(now).toISOString(),
        sentFrom: 'Coinbase',
        sentTo: WALLET,
        status: 'pending',
        nonce: 0,
        chain: 'eip155:31337',
      },
      transfers: [
        {
          fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: 'icon:USDC' } },
          direction: 'in',
          quantity: { numeric: '49.05' },
          value: 49.05,
          price: 1,
        },
      ],
    })
    expect(first.data[1]?.metadata.status).toBe('failed')
    const second = onrampHistoryPage(onramp.purchases(), { ...query, cursor: first.next })
    expect(second).toEqual({ data: expect.any(Array), next: null })
    expect(second.data.map((item) => item.id)).toEqual(ids.slice(0, 3).reverse())
    expect(() => onrampHistoryPage(onramp.purchases(), { ...query, cursor: 'bogus' })).toThrow(
      'invalid cursor',
    )

    const meldPage = onrampHistoryPage(onramp.purchases(), { ...query, provider: 'meld' })
    expect(meldPage.data).toEqual([
      expect.objectContaining({
        id: meld.id,
        metadata: expect.objectContaining({ sentFrom: 'Meld', status: 'confirmed', nonce: 22 }),
      }),
    ])
    expect(onrampHistoryPage(onramp.purchases(), { ...query, chainIds: [31338] }).data).toEqual([])
  })
})
