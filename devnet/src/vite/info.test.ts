import { describe, expect, it } from 'vitest'
import { devnetInfoAt } from '../registry.js'
import { devnetInfoFromEnv } from './info.js'

describe('devnet info for Vite', () => {
  it('takes PORTICO_DEVNET when set', () => {
    const info = devnetInfoAt({ api: 1, chains: [2, 3, 4] })
    expect(devnetInfoFromEnv({ PORTICO_DEVNET: JSON.stringify(info) })).toEqual(info)
    expect(() => devnetInfoFromEnv({ PORTICO_DEVNET: '{}' })).toThrow(/PORTICO_DEVNET/)
    // Written by a devnet without Bitcoin: the default Bitcoin port is assumed.
    const { bitcoin: _, ...older } = info
    expect(devnetInfoFromEnv({ PORTICO_DEVNET: JSON.stringify(older) }).bitcoin.esploraUrl).toBe(
      'http://127.0.0.1:8790',
    )
  })

  it('falls back to the default ports, each changeable', () => {
    const defaults = devnetInfoFromEnv({})
    expect(defaults.apiUrl).toBe('http://127.0.0.1:8787')
    expect(defaults.secureSiteUrl).toBe('http://127.0.0.1:8789')
    expect(defaults.networks.map((n) => [n.id, n.rpcUrls.http[0]])).toEqual([
      ['eip155:31337', 'http://127.0.0.1:8545'],
      ['eip155:31338', 'http://127.0.0.1:8546'],
    ])
    expect(defaults.unlistedChain).toMatchObject({
      chainId: 31339,
      rpcUrl: 'http://127.0.0.1:8547',
    })

    const moved = devnetInfoFromEnv({
      PORTICO_API_PORT: '9000',
      PORTICO_CHAIN_PORTS: '9001,9002,9003',
      PORTICO_SECURE_PORT: '9004',
    })
    expect(moved.apiUrl).toBe('http://127.0.0.1:9000')
    expect(moved.secureSiteUrl).toBe('http://127.0.0.1:9004')
    expect(defaults.bitcoin.esploraUrl).toBe('http://127.0.0.1:8790')
    expect(devnetInfoFromEnv({ PORTICO_BITCOIN_PORT: '9005' }).bitcoin).toEqual({
      caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      esploraUrl: 'http://127.0.0.1:9005',
      network: expect.objectContaining({ rpcUrls: { http: ['http://127.0.0.1:9005'] } }),
    })
    expect(defaults.solana.rpcUrl).toBe('http://127.0.0.1:8899')
    expect(devnetInfoFromEnv({ PORTICO_SOLANA_PORT: '9006' }).solana.rpcUrl).toBe(
      'http://127.0.0.1:9006',
    )
    expect(moved.unlistedChain.rpcUrl).toBe('http://127.0.0.1:9003')
    // The guestbook, an app's own contract, at the same address on every chain.
    expect(defaults.guestbook[31337]).toBe('0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84')
    expect(moved.guestbook[31338]).toBe('0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84')
  })
})
