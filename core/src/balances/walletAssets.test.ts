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
