import { type PorticoClient, type PorticoNetwork, toPorticoNetwork } from '@portico/core'
import { base, mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { networkToChain, porticoChains, porticoTransports } from './chains.js'

const solana: PorticoNetwork = {
  id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { http: ['https://api.mainnet-beta.solana.com'] },
}

/** A viem chain as `createPortico` keeps it: `eip155:<id>`. */
const fromViem = (chain: object) => toPorticoNetwork(chain) as PorticoNetwork

/** A client as far as the chains read it: its resolved networks. */
const clientWith = (networks: readonly PorticoNetwork[]) =>
  ({ options: { networks } }) as unknown as Pick<PorticoClient, 'options'>

describe("wagmi's chains from Portico's networks", () => {
  it('gives back the viem chain an app listed (id, name, currency, RPC, explorer)', () => {
    const chain = networkToChain(fromViem(base))!
    expect(chain).toEqual({
      id: 8453,
      name: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
      blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
    })
  })

  it('keeps the EVM networks in the order the app lists them and leaves the others out', () => {
    const networks = [solana, fromViem(base), fromViem(mainnet)]
    expect(porticoChains(clientWith(networks)).map((c) => c.id)).toEqual([8453, 1])
    expect(networkToChain(solana)).toBeUndefined()
  })

  it('says what to add when the client lists no EVM network', () => {
    expect(() => porticoChains(clientWith([solana]))).toThrow(
      'Portico: the client lists no EVM network (eip155:…) for wagmi; add one to createPortico({ networks })',
    )
  })

  it('makes one transport per chain, trying several RPC URLs in order', () => {
    const twoUrls = networkToChain({
      ...fromViem(base),
      rpcUrls: { http: ['https://a.example', 'https://b.example'] },
    })!
    const transports = porticoTransports([networkToChain(fromViem(mainnet))!, twoUrls])
    expect(Object.keys(transports)).toEqual(['1', '8453'])
    expect(transports[1]!({}).config.type).toBe('http')
    expect(transports[8453]!({}).config.type).toBe('fallback')
  })
})
