import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isPorticoError } from '../errors/index.js'
import { createBlockchainApi, identity, supportedChains, tokenBalance } from './blockchain.js'
import { createApiClient } from './createApiClient.js'

const RUNS = { numRuns: 1_000 }
/** Everything the cleaning rule removes (see security/text.ts). */
const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u
const SAFE_IMAGE = /^(https?:|blob:|data:image\/)/i

/** Values of every kind, with the hostile strings review found leaning on each validator. */
const hostile = fc.oneof(
  fc.anything(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    'javascript:alert(1)',
    '<img src=x onerror=alert(1)>',
    '\u202Eevil',
    'ETH\u202E',
    '__proto__',
    'null',
    '',
    ' ',
    'NaN',
    '1e400',
    '-1',
    '9'.repeat(400),
    '999',
    'eip155:1',
    'eip155:1:0xabc',
    '<img src=x onerror=alert(1)>:1',
  ),
)

const goodToken = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  value: 100,
  price: 1,
  quantity: { decimals: '6', numeric: '100' },
  iconUrl: 'https://img.example/usdc.png',
}

function serving(body: unknown) {
  return createBlockchainApi(
    createApiClient({
      baseUrl: 'https://api.example',
      projectId: 'p',
      // A body JSON cannot write (undefined, a function) goes out as text that is not JSON.
      fetch: async () => new Response(JSON.stringify(body) ?? String(body)),
    }),
  )
}

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('token balance items', { timeout: 30_000 }, () => {
  it('keeps a good item as it is', () => {
    expect(tokenBalance(goodToken)).toEqual(goodToken)
  })

  it('refuses what review found accepted: script-looking ids, 1 MB numbers, 999 decimals, negative dollars', () => {
    const hostileItem = {
      name: 'X'.repeat(1_000_000),
      symbol: 'ETH\u202E',
      chainId: '<img src=x onerror=alert(1)>:1',
      address: 'eip155:1:javascriptalert(1)',
      value: -1e308,
      price: -5,
      quantity: { decimals: '999', numeric: '9'.repeat(1_000_000) },
      iconUrl: 'javascript:alert(1)',
    }
    expect(tokenBalance(hostileItem)).toBeUndefined()
    expect(tokenBalance({ ...goodToken, chainId: hostileItem.chainId })).toBeUndefined()
    expect(tokenBalance({ ...goodToken, value: -1 })).toBeUndefined()
    expect(tokenBalance({ ...goodToken, price: -5 })).toBeUndefined()
    expect(tokenBalance({ ...goodToken, quantity: hostileItem.quantity })).toBeUndefined()
    expect(tokenBalance({ ...goodToken, quantity: { decimals: '999', numeric: '1' } })).toBe(
      undefined,
    )
    // A contract on another chain than the item's.
    expect(tokenBalance({ ...goodToken, address: 'eip155:137:0xabc' })).toBeUndefined()
  })

  it('cleans and bounds names and symbols, and drops an unsafe icon', () => {
    const item = tokenBalance({
      ...goodToken,
      name: `USD\u202E Coin${'!'.repeat(1_000_000)}`,
      symbol: 'USDC\u200B',
      iconUrl: 'javascript:alert(1)',
    })
    expect(item?.name).toBe(`USD Coin${'!'.repeat(56)}`)
    expect(item?.symbol).toBe('USDC')
    expect(item?.iconUrl).toBe('')
    // A token without a name shows its symbol; one without a visible symbol is no row.
    expect(tokenBalance({ ...goodToken, name: '\u200B' })?.name).toBe('USDC')
    expect(tokenBalance({ ...goodToken, symbol: '\u202E' })).toBeUndefined()
  })

  it('for any input: nothing, or an item every field of which is valid and clean', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            name: hostile,
            symbol: fc.oneof(fc.constant('ETH'), hostile),
            chainId: fc.oneof(fc.constant('eip155:1'), hostile),
            value: fc.oneof(fc.double(), hostile),
            price: fc.oneof(fc.double(), hostile),
            quantity: fc.oneof(
              fc.record({
                decimals: fc.oneof(fc.constant('18'), hostile),
                numeric: fc.oneof(fc.constant('1.5'), hostile),
              }),
              hostile,
            ),
            address: fc.oneof(fc.constant('eip155:1:0xabc'), hostile),
            iconUrl: hostile,
          },
          { requiredKeys: [] },
        ),
        (value) => {
          const item = tokenBalance(value)
          if (!item) return
          for (const text of [item.name, item.symbol]) {
            expect(text.length).toBeGreaterThan(0)
            expect(HIDDEN.test(text)).toBe(false)
          }
          expect(Array.from(item.name).length).toBeLessThanOrEqual(64)
          expect(Array.from(item.symbol).length).toBeLessThanOrEqual(32)
          expect(item.chainId).toMatch(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
          if (item.address !== undefined)
            expect(item.address.startsWith(`${item.chainId}:`)).toBe(true)
          expect(Number.isFinite(item.value) && item.value >= 0).toBe(true)
          expect(Number.isFinite(item.price) && item.price >= 0).toBe(true)
          expect(Number(item.quantity.decimals)).toBeLessThanOrEqual(255)
          expect(item.quantity.numeric).toMatch(/^\d{1,78}(\.\d{1,255})?$/)
          expect(item.iconUrl === '' || SAFE_IMAGE.test(item.iconUrl)).toBe(true)
          // What was kept reads back the same: the cache can validate with the same function.
          expect(tokenBalance(item)).toEqual(item)
        },
      ),
      RUNS,
    )
  })
})

describe('supported chains', { timeout: 30_000 }, () => {
  it('keeps the CAIP-2 ids of both lists and drops the rest', () => {
    expect(
      supportedChains({
        http: ['eip155:1', 'eip155:<x>', 42, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      }),
    ).toEqual({ http: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], ws: [] })
    expect(supportedChains({ ws: ['eip155:1'] })).toBeUndefined()
  })

  it('for any input: nothing, or two lists of CAIP-2 ids', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostile,
          fc.record({
            http: fc.oneof(fc.array(fc.oneof(fc.constant('eip155:1'), hostile)), hostile),
            ws: fc.oneof(fc.array(fc.oneof(fc.constant('eip155:1'), hostile)), hostile),
          }),
        ),
        (value) => {
          const out = supportedChains(value)
          if (!out) return
          for (const id of [...out.http, ...out.ws]) {
            expect(id).toMatch(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
          }
        },
      ),
      RUNS,
    )
  })
})

describe('identity', { timeout: 30_000 }, () => {
  it('keeps an account name and a safe avatar', () => {
    expect(identity({ name: 'vitalik.eth', avatar: 'https://img.example/v.png' })).toEqual({
      name: 'vitalik.eth',
      avatar: 'https://img.example/v.png',
    })
    expect(identity({ name: null, avatar: null })).toEqual({ name: null, avatar: null })
    expect(identity({})).toEqual({ name: null, avatar: null })
  })

  it('refuses a body of swapped types: "null" as text is no name', () => {
    // What the devnet's fault injector sends for { name: null, avatar: null } with types swapped.
    expect(identity({ name: 'null', avatar: 'null' })).toBeUndefined()
    expect(identity({ name: 42, avatar: null })).toBeUndefined()
    expect(identity({ name: 'vitalik.eth', avatar: 7 })).toBeUndefined()
  })

  it('cleans the name and drops an unsafe avatar', () => {
    expect(identity({ name: 'vitalik.eth\u202E', avatar: 'javascript:alert(1)' })).toEqual({
      name: 'vitalik.eth',
      avatar: null,
    })
  })

  it('through the API client: a wrongly typed body is an INVALID_RESPONSE, not a name', async () => {
    const error = await serving({ name: 'null', avatar: 'null' })
      .getIdentity({ address: '0x1' })
      .catch((e: unknown) => e)
    expect(isPorticoError(error, 'INVALID_RESPONSE')).toBe(true)
  })

  it('for any input: nothing, or a clean dotted name (or null) and a safe avatar (or null)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostile,
          fc.record({
            name: fc.oneof(fc.constant(null), fc.constant('alice.reown.id'), fc.domain(), hostile),
            avatar: fc.oneof(fc.constant(null), fc.webUrl(), hostile),
          }),
        ),
        (value) => {
          const out = identity(value)
          if (!out) return
          if (out.name !== null) {
            expect(HIDDEN.test(out.name)).toBe(false)
            expect(out.name).toMatch(/^[^\s.]+(\.[^\s.]+)+$/u)
          }
          if (out.avatar !== null) expect(out.avatar).toMatch(SAFE_IMAGE)
          expect(identity(out)).toEqual(out)
        },
      ),
      RUNS,
    )
  })
})

describe('fungible prices', { timeout: 30_000 }, () => {
  it('for any body: an INVALID_RESPONSE, or clean names, non-negative prices and safe icons', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostile,
          fc.record({
            fungibles: fc.oneof(
              fc.array(
                fc.record({
                  name: hostile,
                  symbol: fc.oneof(fc.constant('USDC'), hostile),
                  price: fc.oneof(fc.double(), hostile),
                  iconUrl: hostile,
                }),
                { maxLength: 4 },
              ),
              hostile,
            ),
          }),
        ),
        async (body) => {
          try {
            const prices = await serving(body).getFungiblePrices({ addresses: ['eip155:1:0x1'] })
            for (const price of prices) {
              expect(HIDDEN.test(price.name + price.symbol)).toBe(false)
              expect(price.symbol.length).toBeGreaterThan(0)
              expect(Number.isFinite(price.price) && price.price >= 0).toBe(true)
              expect(price.iconUrl === '' || SAFE_IMAGE.test(price.iconUrl)).toBe(true)
            }
          } catch (error) {
            expect(isPorticoError(error, 'INVALID_RESPONSE')).toBe(true)
          }
        },
      ),
      RUNS,
    )
  })
})

describe('what the endpoints ask and keep', () => {
  function recording(body: unknown) {
    const requests: { url: URL; body: unknown }[] = []
    const api = createBlockchainApi(
      createApiClient({
        baseUrl: 'https://api.example',
        projectId: 'p',
        fetch: async (input, init) => {
          requests.push({
            url: new URL(String(input)),
            body: init?.body ? JSON.parse(String(init.body)) : undefined,
          })
          return Response.json(body)
        },
      }),
    )
    return { api, requests }
  }

  it('asks balances in USD for the chain, and a fresh read only when told to', async () => {
    const { api, requests } = recording({ balances: [goodToken] })
    const balances = await api.getTokenBalances({ address: '0xAbC', chainId: 'eip155:1' })
    expect(balances).toHaveLength(1)
    await api.getTokenBalances({ address: '0xAbC', chainId: 'eip155:1', forceUpdate: true })
    const [plain, forced] = requests.map((r) => r.url)
    expect(plain?.pathname).toBe('/v1/account/0xAbC/balance')
    expect(plain?.searchParams.get('currency')).toBe('usd')
    expect(plain?.searchParams.get('chainId')).toBe('eip155:1')
    expect(plain?.searchParams.has('forceUpdate')).toBe(false)
    expect(forced?.searchParams.get('forceUpdate')).toBe('true')
  })

  it('keeps each well-formed price, named by its symbol when it has no name, and drops the rest', async () => {
    const { api, requests } = recording({
      fungibles: [
        { name: 'USD Coin', symbol: 'USDC', price: 1, iconUrl: 'https://img.example/usdc.png' },
        { symbol: 'DAI', price: 0.99, iconUrl: 'javascript:alert(1)' },
        { name: 'No price', symbol: 'NOP' },
      ],
    })
    const prices = await api.getFungiblePrices({ addresses: ['eip155:1:0x1'] })
    expect(prices).toEqual([
      { name: 'USD Coin', symbol: 'USDC', price: 1, iconUrl: 'https://img.example/usdc.png' },
      { name: 'DAI', symbol: 'DAI', price: 0.99, iconUrl: '' },
    ])
    expect(requests[0]?.url.pathname).toBe('/v1/fungible/price')
    expect(requests[0]?.body).toEqual({
      currency: 'usd',
      addresses: ['eip155:1:0x1'],
      projectId: 'p',
    })
  })
})
