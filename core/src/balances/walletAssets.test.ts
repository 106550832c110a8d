import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assetToTokenBalance, parseWalletAssets } from './walletAssets.js'

const asset = {
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  balance: '1000000',
  type: 'ERC20',
  metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 },
}

describe('wallet asset responses', () => {
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

  it('never throws, whatever the wallet answers', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parseWalletAssets({ '0x1': value }, '0x1')
        for (const a of parsed ?? []) expect(() => assetToTokenBalance(a, 'eip155:1')).not.toThrow()
      }),
    )
  })
})
