import fc from 'fast-check'
import { formatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { luhnValid, originOfReferer, parseCardPayment, parseOrigin } from './card.js'
import {
  checkLimits,
  formatCents,
  OnrampInputError,
  parseCryptoAmount,
  parseFiatAmount,
  parseQuoteBody,
} from './parse.js'
import { parseMeldQuery, parseOnrampUrlBody } from './sessionRequest.js'
import { testCatalog } from './testCatalog.js'

const RUNS = { numRuns: 1000 }
// A thousand runs take about a second; give a busy shared machine room.
const PROPERTY_TIMEOUT = { timeout: 30_000 }
const catalog = testCatalog()
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
// 2030-06-15: cards expiring before June 2030 are expired.
const NOW = Date.UTC(2030, 5, 15)

/** Runs `parse` and gives back what it answered or the message it refused with. */
function outcome<T>(
  parse: () => T,
): { ok: T } | { error: string; fields?: Record<string, string> } {
  try {
    return { ok: parse() }
  } catch (error) {
    // Anything but an input error (a TypeError on an odd value, say) fails the property.
    if (!(error instanceof OnrampInputError)) throw error
    expect(error.status).toBe(400)
    expect(error.message.length).toBeGreaterThan(0)
    return error.fields ? { error: error.message, fields: error.fields } : { error: error.message }
  }
}

const junk = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.constantFrom('', ' ', '-1', '1e3', '10.001', 'NaN', '0x10', '１０'),
  fc.double(),
)

describe('fiat amounts', PROPERTY_TIMEOUT, () => {
  it('reads back every amount it writes, cents exact', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }), (cents) => {
        expect(parseFiatAmount(formatCents(cents))).toBe(cents)
      }),
      RUNS,
    )
  })

  it('takes exactly "digits[.d[d]]" strings and plain non-negative numbers', () => {
    fc.assert(
      fc.property(junk, (value) => {
        const result = outcome(() => parseFiatAmount(value))
        const text = typeof value === 'number' ? String(value) : value
        const valid =
          (typeof value === 'string' || (typeof value === 'number' && value >= 0)) &&
          /^\d{1,12}(\.\d{1,2})?$/.test(String(text))
        expect('ok' in result).toBe(valid)
        if ('error' in result) expect(result.error).toMatch(/^amount: expected an amount/)
      }),
      RUNS,
    )
    expect(parseFiatAmount('50')).toBe(5000n)
    expect(parseFiatAmount('50.5')).toBe(5050n)
    expect(parseFiatAmount(12.34)).toBe(1234n)
    expect(() => parseFiatAmount('12.345')).toThrow(/at most 2 decimals/)
  })

  it('enforces the card and bank limits, both ends included', () => {
    expect(() => checkLimits(999n, 'card', 'USD')).toThrow(
      'amount: 9.99 USD is below the card minimum of 10.00 USD',
    )
    expect(() => checkLimits(1000n, 'card', 'USD')).not.toThrow()
    expect(() => checkLimits(750_000n, 'card', 'EUR')).not.toThrow()
    expect(() => checkLimits(750_001n, 'card', 'EUR')).toThrow(
      'amount: 7500.01 EUR is above the card maximum of 7500.00 EUR',
    )
    expect(() => checkLimits(750_001n, 'ach_bank_account', 'USD')).not.toThrow()
    expect(() => checkLimits(2_500_001n, 'ach_bank_account', 'USD')).toThrow(
      'above the ach_bank_account maximum of 25000.00 USD',
    )
  })
})

describe('crypto amounts', PROPERTY_TIMEOUT, () => {
  it('reads back what formatUnits writes, for 6 and 18 decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.constantFrom(6, 18),
        (units, decimals) => {
          expect(parseCryptoAmount(formatUnits(units, decimals), decimals, 'x')).toBe(units)
        },
      ),
      RUNS,
    )
  })

  it('refuses zero, signs, exponents and more decimals than the asset has', () => {
    fc.assert(
      fc.property(junk, (value) => {
        const result = outcome(() => parseCryptoAmount(value, 6, 'presetCryptoAmount'))
        if ('ok' in result) expect(result.ok).toBeGreaterThan(0n)
        else expect(result.error).toMatch(/^presetCryptoAmount: /)
      }),
      RUNS,
    )
    expect(() => parseCryptoAmount('0.0000001', 6, 'x')).toThrow(/at most 6 decimals/)
    expect(() => parseCryptoAmount('0', 6, 'x')).toThrow('x: must be more than 0')
  })
})

const usdc = catalog.assets.find((a) => a.symbol === 'USDC')!
const eth = catalog.assets.find((a) => a.symbol === 'ETH')!

const assetRef = fc.constantFrom(
  { ref: usdc.id, symbol: 'USDC' },
  { ref: 'usdc', symbol: 'USDC' },
  { ref: { id: usdc.id, name: 'USD Coin', symbol: 'USDC', networks: [] }, symbol: 'USDC' },
  { ref: 'ETH', symbol: 'ETH' },
  { ref: { id: eth.id }, symbol: 'ETH' },
  { ref: 'PTK', symbol: 'PTK' },
)
const networkRef = fc.constantFrom(
  { ref: 'devnet', chainId: 31337 },
  { ref: '31337', chainId: 31337 },
  { ref: 'eip155:31338', chainId: 31338 },
  { ref: 'DEVNET-L2', chainId: 31338 },
)
const fiatRef = fc.constantFrom(
  { ref: 'USD', id: 'USD' },
  { ref: 'eur', id: 'EUR' },
  { ref: { id: 'USD', payment_method_limits: [] }, id: 'USD' },
)
const cardCents = fc.bigInt({ min: 1000n, max: 750_000n })

describe('quote bodies', PROPERTY_TIMEOUT, () => {
  it('resolves every way of naming the currency, network and payment currency', () => {
    fc.assert(
      fc.property(assetRef, networkRef, fiatRef, cardCents, (asset, network, fiat, cents) => {
        const request = parseQuoteBody(
          {
            purchaseCurrency: asset.ref,
            paymentCurrency: fiat.ref,
            amount: formatCents(cents),
            network: network.ref,
          },
          catalog,
        )
        expect(request.asset.symbol).toBe(asset.symbol)
        expect(request.network.chainId).toBe(network.chainId)
        expect(request.fiat).toBe(fiat.id)
        expect(request.method).toBe('card')
        expect(request.amountCents).toBe(cents)
      }),
      RUNS,
    )
  })

  it('refuses a body with any one field broken, naming that field', () => {
    const valid = {
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50.00',
      network: 'devnet',
    }
    fc.assert(
      fc.property(
        fc.constantFrom(
          'purchaseCurrency',
          'paymentCurrency',
          'amount',
          'network',
          'paymentMethod',
        ),
        junk,
        (field, value) => {
          const result = outcome(() => parseQuoteBody({ ...valid, [field]: value }, catalog))
          if ('error' in result) expect(result.error.startsWith(`${field}: `)).toBe(true)
        },
      ),
      RUNS,
    )
    expect(() => parseQuoteBody({ ...valid, network: 'polygon' }, catalog)).toThrow(
      'network: unknown network "polygon" (devnet networks: devnet, devnet-l2)',
    )
    expect(() => parseQuoteBody({ ...valid, purchaseCurrency: 'BTC' }, catalog)).toThrow(
      'purchaseCurrency: unknown currency "BTC"',
    )
    expect(() => parseQuoteBody({ ...valid, paymentCurrency: 'GBP' }, catalog)).toThrow(
      'paymentCurrency: unknown payment currency "GBP"',
    )
    expect(() => parseQuoteBody({ ...valid, amount: '7500.01' }, catalog)).toThrow(
      'above the card maximum',
    )
    expect(
      parseQuoteBody({ ...valid, amount: '7500.01', paymentMethod: 'ACH_BANK_ACCOUNT' }, catalog)
        .method,
    ).toBe('ach_bank_account')
  })

  it('answers anything else with a 400 and never another error', () => {
    fc.assert(
      fc.property(fc.oneof(junk, fc.dictionary(fc.string(), junk)), (body) => {
        outcome(() => parseQuoteBody(body, catalog))
      }),
      RUNS,
    )
  })
})

describe('onrampurl bodies', PROPERTY_TIMEOUT, () => {
  const valid = {
    destinationWallets: [
      { address: WALLET, blockchains: ['devnet', 'devnet-l2'], assets: ['USDC'] },
    ],
    partnerUserId: WALLET,
    defaultExperience: 'buy',
  }

  it('picks the wallet, network, asset and amount the body names', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('devnet', 'devnet-l2', '31338', 'eip155:31337', 'ethereum', undefined),
        fc.option(cardCents, { nil: undefined }),
        fc.constantFrom('USDC', 'ETH', undefined),
        (defaultNetwork, cents, defaultAsset) => {
          const body = {
            destinationWallets: [
              {
                address: WALLET.toLowerCase(),
                blockchains: ['ethereum', 'base', 'devnet', 'devnet-l2'],
              },
            ],
            partnerUserId: 'user-1',
            ...(defaultNetwork ? { defaultNetwork } : {}),
            ...(defaultAsset ? { defaultAsset } : {}),
            ...(cents !== undefined
              ? { presetFiatAmount: formatCents(cents), presetCryptoAmount: 1 }
              : {}),
          }
          const request = parseOnrampUrlBody(body, catalog)
          expect(request.provider).toBe('coinbase')
          expect(request.wallet).toBe(WALLET)
          // Coinbase's `ethereum` (the SDK's fallback) is not a devnet chain: the first one is used.
          const expected =
            defaultNetwork === 'devnet-l2' || defaultNetwork === '31338' ? 31338 : 31337
          expect(request.network.chainId).toBe(expected)
          expect(request.asset.symbol).toBe(defaultAsset ?? 'USDC')
          expect(request.amount).toEqual(
            cents === undefined ? { kind: 'none' } : { kind: 'fiat', cents },
          )
          expect(request.allowedChainIds).toEqual([31337, 31338])
        },
      ),
      RUNS,
    )
    expect(
      parseOnrampUrlBody(
        {
          ...valid,
          presetCryptoAmount: 0.5,
          defaultAsset: 'ETH',
          destinationWallets: [{ address: WALLET, blockchains: ['devnet'] }],
        },
        catalog,
      ).amount,
    ).toEqual({ kind: 'crypto', units: 5n * 10n ** 17n })
  })

  it('refuses what it cannot deliver, with the field in the message', () => {
    const cases: [unknown, string][] = [
      [
        { ...valid, destinationWallets: [] },
        'destinationWallets: expected an array of 1 to 10 wallets',
      ],
      [
        { ...valid, destinationWallets: [{ address: 'So1ana', blockchains: ['devnet'] }] },
        'destinationWallets[0].address: expected an EVM address',
      ],
      [
        { ...valid, destinationWallets: [{ address: WALLET, blockchains: ['ethereum'] }] },
        'destinationWallets: no wallet lists a devnet network',
      ],
      [
        { ...valid, destinationWallets: [{ address: WALLET, blockchains: ['mars'] }] },
        'destinationWallets[0].blockchains: unknown network "mars"',
      ],
      [
        {
          ...valid,
          destinationWallets: [{ address: WALLET, blockchains: ['devnet'], assets: ['DOGE'] }],
        },
        'destinationWallets[0].assets: unknown currency "DOGE"',
      ],
      [{ ...valid, defaultNetwork: 'mars' }, 'defaultNetwork: unknown network "mars"'],
      [
        {
          ...valid,
          destinationWallets: [{ address: WALLET, blockchains: ['devnet'] }],
          defaultNetwork: 'devnet-l2',
        },
        'defaultNetwork: devnet-l2 is not among destinationWallets[0].blockchains',
      ],
      [
        { ...valid, defaultAsset: 'ETH' },
        'defaultAsset: ETH is not among destinationWallets[0].assets',
      ],
      [{ ...valid, partnerUserId: undefined }, 'partnerUserId: required'],
      [
        { ...valid, partnerUserId: 'x'.repeat(65) },
        'partnerUserId: expected a string of 1 to 64 characters',
      ],
      [{ ...valid, defaultExperience: 'send' }, 'defaultExperience: the devnet only offers "buy"'],
      [
        { ...valid, presetFiatAmount: 9.99 },
        'presetFiatAmount: 9.99 USD is below the card minimum of 10.00 USD',
      ],
      [{ ...valid, presetFiatAmount: '1e3' }, 'presetFiatAmount: expected an amount'],
      [{ ...valid, presetCryptoAmount: -1 }, 'presetCryptoAmount: expected a positive amount'],
      [{ ...valid, fiatCurrency: 'JPY' }, 'fiatCurrency: unknown payment currency "JPY"'],
      [
        { ...valid, quoteId: 'mocked-quote-id' },
        'quoteId: expected a quoteId from POST /v1/onramp/quote',
      ],
      ['{}', 'expected a JSON object'],
    ]
    for (const [body, message] of cases) {
      expect(() => parseOnrampUrlBody(body, catalog), message).toThrow(message)
    }
  })

  it('answers random bodies and broken fields with a 400 and never another error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          junk,
          fc.record(
            {
              destinationWallets: fc.oneof(
                junk,
                fc.array(
                  fc.record({
                    address: fc.oneof(fc.constant(WALLET), junk),
                    blockchains: fc.oneof(
                      fc.array(fc.oneof(fc.constantFrom('devnet', 'ethereum'), junk)),
                      junk,
                    ),
                    assets: fc.oneof(fc.array(fc.oneof(fc.constant('ETH'), junk)), junk),
                  }),
                  { maxLength: 12 },
                ),
              ),
              partnerUserId: fc.oneof(fc.constant('u'), junk),
              defaultNetwork: junk,
              presetFiatAmount: junk,
              presetCryptoAmount: junk,
              quoteId: fc.oneof(fc.uuid(), junk),
            },
            { requiredKeys: [] },
          ),
        ),
        (body) => {
          const result = outcome(() => parseOnrampUrlBody(body, catalog))
          if ('ok' in result) expect(result.ok.allowedChainIds).toContain(result.ok.network.chainId)
        },
      ),
      RUNS,
    )
  })
})

describe('Meld-like entry queries', PROPERTY_TIMEOUT, () => {
  it('reads wallet, network, currency and amount, with defaults', () => {
    const request = parseMeldQuery(
      new URLSearchParams({
        walletAddress: WALLET.toLowerCase(),
        network: 'devnet-l2',
        destinationCurrencyCode: 'ETH',
        sourceAmount: '120.5',
        sourceCurrencyCode: 'EUR',
        externalCustomerId: 'project',
        publicKey: 'ignored',
      }),
      catalog,
    )
    expect(request).toMatchObject({
      provider: 'meld',
      wallet: WALLET,
      network: { chainId: 31338 },
      asset: { symbol: 'ETH' },
      fiat: 'EUR',
      amount: { kind: 'fiat', cents: 12050n },
      partnerUserId: 'project',
      allowedChainIds: [31338],
    })
    expect(parseMeldQuery(new URLSearchParams({ walletAddress: WALLET }), catalog)).toMatchObject({
      network: { chainId: 31337 },
      asset: { symbol: 'USDC' },
      fiat: 'USD',
      amount: { kind: 'none' },
      partnerUserId: null,
    })
    expect(() =>
      parseMeldQuery(new URLSearchParams({ walletAddress: WALLET, sourceAmount: '5' }), catalog),
    ).toThrow('sourceAmount: 5.00 USD is below the card minimum')
    expect(() =>
      parseMeldQuery(new URLSearchParams('walletAddress=0x1&walletAddress=0x2'), catalog),
    ).toThrow('walletAddress: given more than once')
  })

  it('answers any query with a session request or a 400', () => {
    const param = fc.tuple(
      fc.constantFrom(
        'walletAddress',
        'network',
        'destinationCurrencyCode',
        'sourceAmount',
        'sourceCurrencyCode',
        'externalCustomerId',
        'quoteId',
        'other',
      ),
      fc.oneof(fc.constantFrom(WALLET, 'devnet', 'ETH', '50', 'EUR', ''), fc.string()),
    )
    fc.assert(
      fc.property(fc.array(param, { maxLength: 8 }), (pairs) => {
        const result = outcome(() => parseMeldQuery(new URLSearchParams(pairs), catalog))
        if ('ok' in result) expect(result.ok.wallet).toBe(WALLET)
      }),
      RUNS,
    )
  })
})

/** Appends the Luhn check digit to a run of digits. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`
  throw new Error('no check digit')
}

describe('card details', PROPERTY_TIMEOUT, () => {
  it('Luhn: one check digit fits, and changing any single digit breaks it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{11,18}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (body, at, shift) => {
          const number = withCheckDigit(body)
          expect(luhnValid(number)).toBe(true)
          const i = at % number.length
          const changed = `${number.slice(0, i)}${(Number(number[i]) + shift) % 10}${number.slice(i + 1)}`
          expect(luhnValid(changed)).toBe(false)
        },
      ),
      RUNS,
    )
  })

  it('accepts a valid number in any spacing, a future expiry and a 3–4 digit code', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{11,18}$/),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2030, max: 2099 }),
        fc.stringMatching(/^\d{3,4}$/),
        fc.boolean(),
        (body, month, year, cvc, spaced) => {
          const number = withCheckDigit(body)
          const expired = year === 2030 && month < 6
          const typed = spaced ? number.replace(/(\d{4})(?=\d)/g, '$1 ') : number
          const expiry = `${String(month).padStart(2, '0')}/${year % 100}`
          const result = outcome(() => parseCardPayment({ cardNumber: typed, expiry, cvc }, NOW))
          if (expired)
            expect(result).toEqual({
              error: 'invalid card details',
              fields: { expiry: 'The card has expired.' },
            })
          else
            expect(result).toEqual({
              ok: { number, last4: number.slice(-4), expMonth: month, expYear: year },
            })
        },
      ),
      RUNS,
    )
  })

  it('reports every bad field at once, and only those', () => {
    fc.assert(
      fc.property(
        fc.record({ cardNumber: junk, expiry: junk, cvc: junk }, { requiredKeys: [] }),
        (body) => {
          const result = outcome(() => parseCardPayment(body, NOW))
          if ('error' in result) {
            expect(result.error).toBe('invalid card details')
            for (const field of Object.keys(result.fields ?? {})) {
              expect(['cardNumber', 'expiry', 'cvc']).toContain(field)
            }
          }
        },
      ),
      RUNS,
    )
    expect(() =>
      parseCardPayment({ cardNumber: '4242 4242 4242 4241', expiry: '13/30', cvc: '1' }, NOW),
    ).toThrow(
      expect.objectContaining({
        fields: {
          cardNumber: 'The card number is not valid.',
          expiry: 'Enter the expiry date as MM/YY.',
          cvc: 'Enter the 3 or 4 digit security code.',
        },
      }),
    )
  })
})

describe('origins', PROPERTY_TIMEOUT, () => {
  // Built from parts: fc.webUrl is too slow for a thousand runs on a busy machine.
  const url = fc
    .tuple(
      fc.constantFrom('http', 'https', 'HTTP'),
      fc.oneof(fc.domain(), fc.ipV4(), fc.constantFrom('localhost', '[::1]')),
      fc.option(fc.integer({ min: 0, max: 65535 }), { nil: undefined }),
      fc.stringMatching(/^(\/[\w.~%-]{0,8}){0,3}(\?[\w=&%]{0,10})?(#\w{0,5})?$/),
    )
    .map(
      ([scheme, host, port, rest]) =>
        `${scheme}://${host}${port === undefined ? '' : `:${port}`}${rest}`,
    )

  it('keeps a serialized http(s) origin as it is and nothing else', () => {
    fc.assert(
      fc.property(url, (url) => {
        const origin = new URL(url).origin
        expect(parseOrigin(origin)).toBe(origin)
        expect(originOfReferer(url)).toBe(origin)
        if (url !== origin) expect(parseOrigin(url)).toBeNull()
      }),
      RUNS,
    )
    fc.assert(
      fc.property(fc.string(), (value) => {
        const origin = parseOrigin(value)
        if (origin !== null) expect(origin).toBe(value)
      }),
      RUNS,
    )
    expect(parseOrigin('null')).toBeNull()
    expect(parseOrigin(undefined)).toBeNull()
    expect(parseOrigin('file://')).toBeNull()
    expect(originOfReferer('javascript:alert(1)')).toBeNull()
  })
})
