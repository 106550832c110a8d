import fc from 'fast-check'
import { defineChain } from 'viem'
import { base, foundry, mainnet, optimism } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { testNetworks } from '../test-utils/networks.js'
import { toPorticoNetwork, validateNetwork } from './network.js'
import type { EvmChain, PorticoNetwork } from './types.js'

const quiet = { projectId: 'p1', storage: 'memory', logLevel: 'silent' } as const

describe('networks from viem/chains', () => {
  it('are accepted by createPortico as they are, mixed with Portico networks', () => {
    // Type check first: this object compiles only if viem's chains fit `networks`.
    const options: PorticoOptions = { ...quiet, networks: [mainnet, base, testNetworks[0]] }
    const client = createPortico(options)
    expect(client.network.networks.map((n) => n.id)).toEqual([
      'eip155:1',
      'eip155:8453',
      'eip155:31337',
    ])
    expect(client.network.$activeNetwork.get()).toMatchObject({
      id: 'eip155:1',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    })
    client.destroy()
  })

  it("convert to Portico's CAIP form: default RPC, default explorer once, testnet flag", () => {
    expect(toPorticoNetwork(optimism)).toEqual({
      id: 'eip155:10',
      name: 'OP Mainnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { http: optimism.rpcUrls.default.http },
      blockExplorers: [{ name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' }],
    })
    // A local chain: no explorer, a WebSocket URL.
    expect(toPorticoNetwork(foundry)).toEqual({
      id: 'eip155:31337',
      name: 'Foundry',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { http: ['http://127.0.0.1:8545'], webSocket: ['ws://127.0.0.1:8545'] },
    })
  })

  it('convert a chain made with defineChain, its explorers in order without repeats', () => {
    const chain = defineChain({
      id: 777,
      name: 'Seven',
      nativeCurrency: { name: 'Seven', symbol: 'SVN', decimals: 9 },
      rpcUrls: { default: { http: ['https://rpc.seven.example'] } },
      blockExplorers: {
        default: { name: 'Sevenscan', url: 'https://scan.seven.example' },
        other: { name: 'Other', url: 'https://other.seven.example' },
      },
      testnet: true,
    })
    expect(toPorticoNetwork(chain)).toEqual({
      id: 'eip155:777',
      name: 'Seven',
      nativeCurrency: { name: 'Seven', symbol: 'SVN', decimals: 9 },
      rpcUrls: { http: ['https://rpc.seven.example'] },
      blockExplorers: [
        { name: 'Sevenscan', url: 'https://scan.seven.example' },
        { name: 'Other', url: 'https://other.seven.example' },
      ],
      testnet: true,
    })
  })

  it('leave a Portico network as it is', () => {
    const network = testNetworks[0] as PorticoNetwork
    expect(toPorticoNetwork(network)).toBe(network)
  })

  it('can be the defaultNetwork, by chain or by id', () => {
    const byChain = createPortico({ ...quiet, networks: [mainnet, base], defaultNetwork: base })
    expect(byChain.network.$activeNetwork.get().id).toBe('eip155:8453')
    const byId = createPortico({
      ...quiet,
      networks: [mainnet, base],
      defaultNetwork: 'eip155:8453',
    })
    expect(byId.network.$activeNetwork.get().id).toBe('eip155:8453')
    byChain.destroy()
    byId.destroy()
  })

  it('refuse a broken chain with a message that says what is wrong', () => {
    const bad = (chain: unknown) => () => validateNetwork(chain)
    expect(bad({ ...mainnet, id: 0 })).toThrow(
      'Invalid network 0: a chain id is a positive integer',
    )
    expect(bad({ ...mainnet, id: 1.5 })).toThrow('a chain id is a positive integer')
    expect(bad({ ...mainnet, rpcUrls: {} })).toThrow(
      'Invalid network eip155:1: rpcUrls.default.http must be a list of http(s) URLs',
    )
    expect(bad({ ...mainnet, rpcUrls: { default: { http: ['ftp://x'] } } })).toThrow(
      'rpcUrls.http must be a list of http(s) URLs',
    )
    expect(bad({ ...mainnet, name: '' })).toThrow('name is required')
    expect(
      bad({ ...mainnet, blockExplorers: { default: { name: 'x', url: 'javascript:alert(1)' } } }),
    ).toThrow('blockExplorers need http(s) URLs')
    // Two spellings of one chain are one network listed twice.
    expect(() =>
      createPortico({ ...quiet, networks: [mainnet, { ...testNetworks[0], id: 'eip155:1' }] }),
    ).toThrow('network eip155:1 is listed twice')
  })

  const url = fc.webUrl({ validSchemes: ['https', 'http'] })
  const chain: fc.Arbitrary<EvmChain> = fc.record(
    {
      id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      name: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
      nativeCurrency: fc.record({
        name: fc.string(),
        symbol: fc.string(),
        decimals: fc.nat(36),
      }),
      rpcUrls: fc.record({
        default: fc.record(
          { http: fc.array(url, { maxLength: 3 }), webSocket: fc.array(url, { maxLength: 2 }) },
          { requiredKeys: ['http'] },
        ),
      }),
      blockExplorers: fc.record({ default: fc.record({ name: fc.string(), url }) }),
      testnet: fc.boolean(),
    },
    { requiredKeys: ['id', 'name', 'nativeCurrency', 'rpcUrls'] },
  )

  it('convert any well-formed chain to a valid network with the same id, RPC and explorer', () => {
    fc.assert(
      fc.property(chain, (input) => {
        const network = validateNetwork(input)
        expect(network.id).toBe(`eip155:${input.id}`)
        expect(network.rpcUrls.http).toEqual(input.rpcUrls.default.http)
        expect(network.nativeCurrency).toEqual(input.nativeCurrency)
        expect(network.blockExplorers?.[0]?.url).toBe(input.blockExplorers?.default.url)
        // Converting again changes nothing.
        expect(validateNetwork(network)).toEqual(network)
      }),
      { numRuns: 1_000 },
    )
  })

  it('fail only with a PorticoError, whatever a chain-shaped object holds', () => {
    const junk = fc.record({
      id: fc.oneof(fc.integer(), fc.double(), fc.constant(Number.NaN)),
      name: fc.anything(),
      nativeCurrency: fc.anything(),
      rpcUrls: fc.oneof(fc.anything(), fc.record({ default: fc.anything() })),
      blockExplorers: fc.oneof(fc.anything(), fc.record({ default: fc.anything() })),
      testnet: fc.anything(),
    })
    fc.assert(
      fc.property(junk, (input) => {
        try {
          const network = validateNetwork(input)
          expect(network.id).toBe(`eip155:${input.id}`)
        } catch (error) {
          expect(isPorticoError(error, 'INVALID_NETWORK')).toBe(true)
        }
      }),
      { numRuns: 1_000 },
    )
  })
})
