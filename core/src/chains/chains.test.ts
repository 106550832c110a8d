import { describe, expect, it } from 'vitest'
import { networkNamespace } from '../options/index.js'
import * as chains from './index.js'

describe('the ready network definitions', () => {
  it('are the spec’s chain list, with their ids', () => {
    expect(
      [
        chains.arbitrum,
        chains.avalanche,
        chains.gnosis,
        chains.optimism,
        chains.polygon,
        chains.abstract,
        chains.solana,
        chains.solanaDevnet,
        chains.solanaTestnet,
        chains.bitcoin,
        chains.bitcoinTestnet,
      ].map((n) => [n.id, n.name]),
    ).toEqual([
      ['eip155:42161', 'Arbitrum One'],
      ['eip155:43114', 'Avalanche'],
      ['eip155:100', 'Gnosis'],
      ['eip155:10', 'OP Mainnet'],
      ['eip155:137', 'Polygon'],
      ['eip155:2741', 'Abstract'],
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana'],
      ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet'],
      ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSFkY3q', 'Solana Testnet'],
      ['bip122:000000000019d6689c085ae165831e93', 'Bitcoin'],
      ['bip122:000000000933ea01ad0ee984209779ba', 'Bitcoin Testnet'],
    ])
  })

  it('count native amounts in 18 (EVM), 9 (Solana) and 8 (Bitcoin) decimals', () => {
    expect(chains.NATIVE_DECIMALS).toEqual({ eip155: 18, solana: 9, bip122: 8 })
    for (const network of Object.values(chains)) {
      if (typeof network !== 'object' || !('id' in network)) continue
      const namespace = networkNamespace(network) as keyof typeof chains.NATIVE_DECIMALS
      expect(network.nativeCurrency.decimals).toBe({ eip155: 18, solana: 9, bip122: 8 }[namespace])
    }
    expect(chains.solana.nativeCurrency.symbol).toBe('SOL')
    expect(chains.bitcoin.nativeCurrency.symbol).toBe('BTC')
    expect(chains.avalanche.nativeCurrency.symbol).toBe('AVAX')
    expect(chains.polygon.nativeCurrency.symbol).toBe('POL')
    expect(chains.gnosis.nativeCurrency.symbol).toBe('XDAI')
  })

  it('mark the test networks', () => {
    expect(chains.solanaDevnet.testnet).toBe(true)
    expect(chains.solanaTestnet.testnet).toBe(true)
    expect(chains.bitcoinTestnet.testnet).toBe(true)
    expect('testnet' in chains.solana).toBe(false)
    expect('testnet' in chains.bitcoin).toBe(false)
  })

  it('name the genesis references of the clusters and Bitcoin chains', () => {
    expect(chains.SOLANA_CLUSTERS).toEqual({
      mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSFkY3q',
    })
    expect(chains.BITCOIN_CHAINS.regtest).toBe('0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(chains.BITCOIN_CHAINS.testnet4).toBe('00000000da84f2bafbbc53dee25a72ae')
    expect(chains.BITCOIN_CHAINS.signet).toBe('00000008819873e925422c1ff0f99f7c')
  })
})
