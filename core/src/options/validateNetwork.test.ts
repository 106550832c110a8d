import { describe, expect, it } from 'vitest'
import { isPorticoError } from '../errors/index.js'
import { toPorticoNetwork, validateNetwork } from './network.js'

// A network in Portico's form, as an app lists it: every field checked, each refusal saying what
// is wrong (INVALID_NETWORK, the network's id in the message and the details).

const VALID = {
  id: 'eip155:1',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { http: ['https://rpc.example'] },
}

/** What validateNetwork throws for `network`, as code, message and details. */
function refusal(network: unknown) {
  try {
    validateNetwork(network)
  } catch (error) {
    if (!isPorticoError(error)) throw error
    return { code: error.code, message: error.message, details: error.details }
  }
  throw new Error('accepted')
}

describe('a network in Portico form', () => {
  it('is accepted as it is when every field is right', () => {
    expect(validateNetwork(VALID)).toBe(VALID)
    const full = {
      ...VALID,
      rpcUrls: { http: ['http://127.0.0.1:8545', 'https://b.example'] },
      blockExplorers: [{ name: 'Scan', url: 'https://scan.example' }],
      testnet: true,
    }
    expect(validateNetwork(full)).toBe(full)
    expect(validateNetwork({ ...VALID, rpcUrls: { http: [] } })).toBeDefined()
    expect(
      validateNetwork({ ...VALID, nativeCurrency: { ...VALID.nativeCurrency, decimals: 0 } }),
    ).toBeDefined()
  })

  it('that is not an object is refused as such', () => {
    expect(refusal(null)).toEqual({
      code: 'INVALID_NETWORK',
      message: 'Invalid network null: not an object',
      details: { id: null },
    })
    expect(refusal('eip155:1').message).toBe('Invalid network eip155:1: not an object')
  })

  it('needs a CAIP-2 id of a known namespace; an eip155 reference is a positive integer', () => {
    const broken = refusal({ ...VALID, id: 'nope' })
    expect(broken).toMatchObject({ code: 'INVALID_NETWORK', message: 'Invalid network id nope' })
    expect(refusal({ ...VALID, id: 'tezos:main' })).toEqual({
      code: 'INVALID_NETWORK',
      message: 'Invalid network tezos:main: unknown namespace tezos',
      details: { id: 'tezos:main' },
    })
    for (const id of ['eip155:0', 'eip155:01', 'eip155:1x', 'eip155:-1']) {
      expect(refusal({ ...VALID, id }).message).toBe(
        `Invalid network ${id}: an eip155 chain id is a positive integer`,
      )
    }
  })

  it('keeps the cause of an id that does not parse', () => {
    try {
      validateNetwork({ ...VALID, id: 'nope' })
      expect.unreachable()
    } catch (error) {
      expect((error as Error).cause).toBeInstanceOf(Error)
    }
  })

  it('needs a name that is not blank', () => {
    for (const name of [undefined, '', '   ', 42]) {
      expect(refusal({ ...VALID, name }).message).toBe('Invalid network eip155:1: name is required')
    }
  })

  it('needs a native currency with a name, a symbol and whole, non-negative decimals', () => {
    const currency = VALID.nativeCurrency
    for (const nativeCurrency of [
      undefined,
      { ...currency, symbol: 1 },
      { ...currency, symbol: undefined },
      { ...currency, name: undefined },
      { ...currency, decimals: 1.5 },
      { ...currency, decimals: '18' },
      { ...currency, decimals: -1 },
    ]) {
      expect(refusal({ ...VALID, nativeCurrency })).toEqual({
        code: 'INVALID_NETWORK',
        message: 'Invalid network eip155:1: nativeCurrency needs name, symbol and integer decimals',
        details: { id: 'eip155:1' },
      })
    }
  })

  it('needs a list of http(s) RPC URLs', () => {
    const asText = () => 'https://rpc.example'
    for (const rpcUrls of [
      undefined,
      {},
      { http: 'https://rpc.example' },
      { http: ['ftp://rpc.example'] },
      { http: ['not a url'] },
      { http: [42] },
      // Something that only looks like a URL when turned into text is not one.
      { http: [{ toString: asText }] },
      { http: ['https://ok.example', 'javascript:alert(1)'] },
    ]) {
      expect([rpcUrls, refusal({ ...VALID, rpcUrls }).message]).toEqual([
        rpcUrls,
        'Invalid network eip155:1: rpcUrls.http must be a list of http(s) URLs',
      ])
    }
  })

  it('needs every block explorer to have an http(s) URL', () => {
    for (const blockExplorers of [
      'https://scan.example',
      [
        { name: 'Scan', url: 'https://scan.example' },
        { name: 'Bad', url: 'javascript:alert(1)' },
      ],
      [null],
      [{ name: 'No URL' }],
    ]) {
      expect(refusal({ ...VALID, blockExplorers }).message).toBe(
        'Invalid network eip155:1: blockExplorers need http(s) URLs',
      )
    }
  })
})

describe('a viem chain with missing parts', () => {
  const chain = {
    id: 10,
    name: 'OP',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['https://op.example'] } },
  }

  it('has no explorer and no testnet flag when it gives none', () => {
    for (const blockExplorers of [undefined, null, {}]) {
      const network = toPorticoNetwork({ ...chain, blockExplorers } as never)
      expect(network).toStrictEqual({
        id: 'eip155:10',
        name: 'OP',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { http: ['https://op.example'] },
      })
    }
  })

  it('refuses a null default RPC, naming the chain, the id in the details', () => {
    expect(refusal({ ...chain, rpcUrls: { default: null } })).toEqual({
      code: 'INVALID_NETWORK',
      message: 'Invalid network eip155:10: rpcUrls.default.http must be a list of http(s) URLs',
      details: { id: 'eip155:10' },
    })
    expect(refusal({ ...chain, id: -3 }).details).toEqual({ id: -3 })
  })

  it('leaves what is not an object for the validator to refuse', () => {
    for (const value of [null, undefined, 'eip155:1', 7]) {
      expect(toPorticoNetwork(value)).toBe(value)
    }
  })
})
