import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tokenBalance } from '../api/blockchain.js'
import { assetToTokenBalance, parseWalletAssets } from './walletAssets.js'

const asset = {
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  balance: '1000000',
  type: 'ERC20',
  metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 },
}

describe('wallet asset responses', { timeout: 30_000 }, () => {
  it('accepts well-typed assets only', () => {
    expect(parseWalletAssets({ '0x1': [asset] }, '0x1')).toHaveLength(1)
    for (const bad of [
      { ...asset, address: 5 },
      { ...asset, balance: 1 },
      { ...asset, balance: '1.5' },
      { ...asset, type: 'ERC721' },
      { ...asset, metadata: { ...asset.metadata, decimals: '6' } },
      { ...asset, metadata: { ...asset.metadata, price: 'free' } },
      { ...asset, metadata: null },
    ]) {
      expect(parseWalletAssets({ '0x1': [asset, bad] }, '0x1')).toBeUndefined()
    }
    expect(parseWalletAssets({ '0x2': [asset] }, '0x1')).toBeUndefined()
  })

  it('maps to a token balance', () => {
    expect(assetToTokenBalance(asset as never, 'eip155:1')).toMatchObject({
      symbol: 'USDC',
      address: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3',
      quantity: { decimals: '6', numeric: '1' },
    })
  })

  it('refuses unbounded balances, floods and symbols with nothing to show', () => {
    for (const bad of [
      { ...asset, balance: '9'.repeat(1_000_000) },
      { ...asset, balance: `0x${'f'.repeat(65)}` },
      { ...asset, balance: (2n ** 256n).toString() },
      { ...asset, address: 'javascript:alert(1)' },
      { ...asset, metadata: { ...asset.metadata, symbol: '\u202E\u200B' } },
      { ...asset, metadata: { ...asset.metadata, price: -1 } },
    ]) {
      expect(parseWalletAssets({ '0x1': [bad] }, '0x1')).toBeUndefined()
    }
    expect(parseWalletAssets({ '0x1': Array.from({ length: 1_001 }, () => asset) }, '0x1')).toBe(
      undefined,
    )
    expect(
      parseWalletAssets({ '0x1': [{ ...asset, balance: `0x${'f'.repeat(64)}` }] }, '0x1'),
    ).toHaveLength(1)
  })

  it('cleans the names it maps', () => {
    const token = assetToTokenBalance(
      {
        ...asset,
        metadata: { name: 'USD\u202E Coin', symbol: 'USDC\u200B', decimals: 6 },
      } as never,
      'eip155:1',
    )
    expect([token.name, token.symbol]).toEqual(['USD Coin', 'USDC'])
  })

  it('for any answer: nothing, or assets that map to token balances the balance validator keeps', () => {
    const metadata = fc.record(
      {
        name: fc.oneof(fc.constant('USD Coin'), fc.string({ unit: 'binary' }), fc.anything()),
        symbol: fc.oneof(fc.constant('USDC'), fc.string({ unit: 'binary' }), fc.anything()),
        decimals: fc.oneof(fc.integer({ min: 0, max: 255 }), fc.anything()),
        price: fc.oneof(fc.double(), fc.anything()),
        iconUrl: fc.oneof(fc.webUrl(), fc.anything()),
      },
      { requiredKeys: ['name', 'symbol', 'decimals'] },
    )
    const item = fc.oneof(
      fc.anything(),
      fc.record({
        address: fc.oneof(fc.constant(asset.address), fc.string(), fc.anything()),
        balance: fc.oneof(
          fc.bigInt({ min: 0n, max: 2n ** 260n }).map(String),
          fc.bigInt({ min: 0n, max: 2n ** 260n }).map((n) => `0x${n.toString(16)}`),
          fc.string(),
        ),
        type: fc.oneof(fc.constantFrom('ERC20', 'NATIVE'), fc.anything()),
        metadata: fc.oneof(metadata, fc.anything()),
      }),
    )
    fc.assert(
      fc.property(fc.oneof(fc.array(item, { maxLength: 4 }), fc.anything()), (value) => {
        const parsed = parseWalletAssets({ '0x1': value }, '0x1')
        for (const a of parsed ?? []) {
          const token = assetToTokenBalance(a, 'eip155:1')
          // What the wallet gave becomes a row the API's own validator (and the cache) accepts.
          expect(tokenBalance(token)).toEqual(token)
        }
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('the bounds of a wallet asset', () => {
  const accepts = (item: unknown) => parseWalletAssets({ '0x1': [item] }, '0x1') !== undefined
  const withMetadata = (extra: object) => ({ ...asset, metadata: { ...asset.metadata, ...extra } })

  it.each([
    ['no decimals (a whole-unit token)', withMetadata({ decimals: 0 })],
    ['255 decimals', withMetadata({ decimals: 255 })],
    ['a price of 0 (a token nobody quotes)', withMetadata({ price: 0 })],
    ['an icon URL', withMetadata({ iconUrl: 'https://img.test/usdc.png' })],
    ['a native asset named "native"', { ...asset, type: 'NATIVE', address: 'native' }],
    ['a hex balance', { ...asset, balance: '0xf4240' }],
    ['an address of 128 characters', { ...asset, address: 'a'.repeat(128) }],
  ])('accepts %s', (_, item) => {
    expect(accepts(item)).toBe(true)
  })

  it.each([
    ['negative decimals', withMetadata({ decimals: -1 })],
    ['256 decimals', withMetadata({ decimals: 256 })],
    ['fractional decimals', withMetadata({ decimals: 1.5 })],
    ['an infinite price', withMetadata({ price: Number.POSITIVE_INFINITY })],
    ['a price that is no number', withMetadata({ price: Number.NaN })],
    ['an icon URL that is no text', withMetadata({ iconUrl: 42 })],
    ['a name that is no text', withMetadata({ name: 42 })],
    ['a symbol that is no text', withMetadata({ symbol: 42 })],
    ['an empty address', { ...asset, address: '' }],
    ['an address of 129 characters', { ...asset, address: 'a'.repeat(129) }],
    ['an address with a slash', { ...asset, address: 'a/b' }],
    ['text before a balance', { ...asset, balance: 'abc12' }],
    ['text after a balance', { ...asset, balance: '12abc' }],
    ['text after a hex balance', { ...asset, balance: '0x12zz' }],
    ['an empty balance', { ...asset, balance: '' }],
  ])('refuses %s, without throwing', (_, item) => {
    expect(accepts(item)).toBe(false)
  })

  it('accepts exactly 1 000 assets', () => {
    const assets = Array.from({ length: 1_000 }, () => asset)
    expect(parseWalletAssets({ '0x1': assets }, '0x1')).toHaveLength(1_000)
  })

  it('refuses an answer that is no object, or no list for the chain', () => {
    for (const answer of [null, 'assets', [asset], { '0x1': asset }]) {
      expect(parseWalletAssets(answer, '0x1')).toBeUndefined()
    }
  })
})

describe('a wallet asset as a token row', () => {
  it('is worth its amount times its price', () => {
    const token = assetToTokenBalance(
      { ...asset, balance: '2500000', metadata: { ...asset.metadata, price: 0.5 } } as never,
      'eip155:1',
    )
    expect(token).toMatchObject({
      name: 'USD Coin',
      chainId: 'eip155:1',
      price: 0.5,
      value: 1.25,
      quantity: { decimals: '6', numeric: '2.5' },
      iconUrl: '',
    })
  })

  it('is worth nothing without a price, or when the product is too large to show', () => {
    expect(assetToTokenBalance(asset as never, 'eip155:1')).toMatchObject({ price: 0, value: 0 })
    const huge = {
      ...asset,
      balance: `0x${'f'.repeat(64)}`,
      metadata: { ...asset.metadata, decimals: 0, price: 1e300 },
    }
    expect(assetToTokenBalance(huge as never, 'eip155:1')).toMatchObject({ price: 1e300, value: 0 })
  })

  it('has no token address when it is the native currency', () => {
    const native = { ...asset, type: 'NATIVE', address: 'native' }
    expect(assetToTokenBalance(native as never, 'eip155:1').address).toBeUndefined()
  })

  it('keeps a safe icon and drops an unsafe one', () => {
    const iconed = (iconUrl: string) =>
      assetToTokenBalance(
        { ...asset, metadata: { ...asset.metadata, iconUrl } } as never,
        'eip155:1',
      ).iconUrl
    expect(iconed('https://img.test/usdc.png')).toBe('https://img.test/usdc.png')
    expect(iconed('javascript:alert(1)')).toBe('')
  })

  it('is named by its symbol when its name shows nothing, and "?" without either', () => {
    const named = (name: string, symbol: string) =>
      assetToTokenBalance(
        { ...asset, metadata: { ...asset.metadata, name, symbol } } as never,
        'eip155:1',
      )
    expect(named('\u200B', 'USDC')).toMatchObject({ name: 'USDC', symbol: 'USDC' })
    expect(named('', '\u200B')).toMatchObject({ name: '?', symbol: '?' })
  })
})
