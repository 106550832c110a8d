import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  availableProviders,
  coinbaseChainName,
  coinbaseUrlRequest,
  currentTimeZone,
  isRestrictedTimeZone,
  meldUrl,
  type OnrampOrder,
} from './providers.js'
import {
  COINBASE_CHAINS,
  COINBASE_FALLBACK_CHAIN,
  ONRAMP_PROVIDERS,
  ONRAMP_RESTRICTED_TIME_ZONES,
} from './tuning.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const order: OnrampOrder = {
  address: ADDRESS,
  asset: {
    id: 'usdc',
    name: 'USD Coin',
    symbol: 'USDC',
    networks: [],
    network: { name: 'devnet', display_name: 'Devnet', chain_id: '31337', contract_address: '0x1' },
  },
  chainId: '31337',
  amount: '50',
  paymentCurrency: 'USD',
  paymentMethod: 'card',
  quoteId: 'q-1',
}

afterEach(() => vi.restoreAllMocks())

describe('the providers', () => {
  it('are Coinbase (eip155) and Meld (eip155, solana), each charging 1-2%', () => {
    expect(ONRAMP_PROVIDERS).toEqual([
      { id: 'coinbase', name: 'Coinbase', feeRange: '1-2%', namespaces: ['eip155'] },
      { id: 'meld', name: 'Meld', feeRange: '1-2%', namespaces: ['eip155', 'solana'] },
    ])
  })

  it('are offered by the namespace they deliver to', () => {
    expect(availableProviders('eip155', false).map((p) => p.id)).toEqual(['coinbase', 'meld'])
    expect(availableProviders('solana', false).map((p) => p.id)).toEqual(['meld'])
    expect(availableProviders('bip122', false)).toEqual([])
  })

  it('are hidden in a restricted time zone', () => {
    expect(availableProviders('eip155', true)).toEqual([])
    expect(availableProviders('solana', true)).toEqual([])
  })
})

describe('restricted time zones', () => {
  it('list mainland China, Hong Kong and Macau', () => {
    for (const zone of ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Hong_Kong', 'Asia/Macau']) {
      expect(ONRAMP_RESTRICTED_TIME_ZONES).toContain(zone)
    }
  })

  it('match without case, and only whole names', () => {
    expect(isRestrictedTimeZone('asia/shanghai')).toBe(true)
    expect(isRestrictedTimeZone('ASIA/HONG_KONG')).toBe(true)
    expect(isRestrictedTimeZone('Asia/Shanghai2')).toBe(false)
    expect(isRestrictedTimeZone('Europe/Paris')).toBe(false)
    expect(isRestrictedTimeZone(undefined)).toBe(false)
    expect(isRestrictedTimeZone('')).toBe(false)
  })

  it('come from the app when it gives a list', () => {
    expect(isRestrictedTimeZone('Europe/Paris', ['europe/paris'])).toBe(true)
    expect(isRestrictedTimeZone('Asia/Shanghai', [])).toBe(false)
  })

  it('are read from the runtime, or unknown when it cannot tell', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      timeZone: 'Asia/Macau',
    } as Intl.ResolvedDateTimeFormatOptions)
    expect(currentTimeZone()).toBe('Asia/Macau')
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no ICU')
    })
    expect(currentTimeZone()).toBeUndefined()
  })
})

describe('Coinbase', () => {
  it('names its chains, with ethereum for any other', () => {
    expect(COINBASE_CHAINS).toEqual([
      ['ethereum', '1'],
      ['arbitrum', '42161'],
      ['polygon', '137'],
      ['berachain', '80094'],
      ['avalanche-c-chain', '43114'],
      ['optimism', '10'],
      ['celo', '42220'],
      ['base', '8453'],
    ])
    expect(COINBASE_FALLBACK_CHAIN).toBe('ethereum')
    expect(coinbaseChainName('8453')).toBe('base')
    expect(coinbaseChainName('31337')).toBe('ethereum')
    expect(coinbaseChainName('constructor')).toBe('ethereum')
  })

  it('asks the URL generator for the wallet, its chains, the buy experience and the amount', () => {
    expect(coinbaseUrlRequest(order)).toEqual({
      destinationWallets: [
        {
          address: ADDRESS,
          blockchains: [
            'devnet',
            'ethereum',
            'arbitrum',
            'polygon',
            'berachain',
            'avalanche-c-chain',
            'optimism',
            'celo',
            'base',
          ],
          assets: ['USDC'],
        },
      ],
      defaultNetwork: 'ethereum',
      partnerUserId: ADDRESS,
      defaultExperience: 'buy',
      presetFiatAmount: 50,
      fiatCurrency: 'USD',
      defaultAsset: 'USDC',
      quoteId: 'q-1',
    })
  })

  it('opens on the chain it knows, lists it once, and sends no quote it does not have', () => {
    const base = {
      ...order,
      chainId: '8453',
      amount: '12.5',
      quoteId: undefined,
      asset: { ...order.asset, network: { ...order.asset.network, name: 'base' } },
    }
    const request = coinbaseUrlRequest(base)
    expect(request.defaultNetwork).toBe('base')
    expect(request.destinationWallets[0]?.blockchains.filter((b) => b === 'base')).toHaveLength(1)
    expect(request.presetFiatAmount).toBe(12.5)
    expect(request).not.toHaveProperty('quoteId')
  })
})

describe('Meld', () => {
  it('opens its widget with the order in its parameter names', () => {
    const url = new URL(meldUrl('https://meld.example/widget?x=1', order, 'pk_1'))
    expect(url.origin + url.pathname).toBe('https://meld.example/widget')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: '1',
      publicKey: 'pk_1',
      walletAddress: ADDRESS,
      network: 'devnet',
      destinationCurrencyCode: 'USDC',
      sourceAmount: '50',
      sourceCurrencyCode: 'USD',
      externalCustomerId: ADDRESS,
      quoteId: 'q-1',
    })
  })

  it('leaves out what it does not have', () => {
    const url = new URL(
      meldUrl('https://meldcrypto.com', { ...order, quoteId: undefined }, undefined),
    )
    expect(url.searchParams.has('publicKey')).toBe(false)
    expect(url.searchParams.has('quoteId')).toBe(false)
  })

  it('keeps every value a parameter, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (symbol, amount) => {
        const url = new URL(
          meldUrl(
            'https://meldcrypto.com',
            { ...order, amount, asset: { ...order.asset, symbol } },
            undefined,
          ),
        )
        expect(url.origin).toBe('https://meldcrypto.com')
        if (symbol) expect(url.searchParams.get('destinationCurrencyCode')).toBe(symbol)
        if (amount) expect(url.searchParams.get('sourceAmount')).toBe(amount)
      }),
      { numRuns: 1_000 },
    )
  })
})
