import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isPorticoError } from '../errors/index.js'
import type { CaipNetworkId } from './index.js'
import {
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
} from './parse.js'

const part = fc.string({ minLength: 1 }).filter((s) => !s.includes(':'))

function throwsCatalogueError(run: () => unknown) {
  try {
    run()
    return false
  } catch (error) {
    return isPorticoError(error, 'INVALID_CAIP_ADDRESS') && error.message === 'Invalid CAIP Address'
  }
}

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('CAIP-2 network ids', { timeout: 30_000 }, () => {
  it('parses namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })

  it.each(['eip155', 'eip155:', ':1', 'eip155:1:0xabc', '', ':'])('refuses %j', (value) => {
    expect(() => parseCaipNetworkId(value)).toThrow('Invalid CAIP Address')
  })

  it('round-trips any two non-empty parts', () => {
    fc.assert(
      fc.property(part, part, (namespace, reference) => {
        expect(parseCaipNetworkId(`${namespace}:${reference}`)).toEqual({ namespace, reference })
      }),
      { numRuns: 1_000 },
    )
  })

  it('never crashes with anything but the catalogue error', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const valid = isCaipNetworkId(value)
        if (!valid) expect(throwsCatalogueError(() => parseCaipNetworkId(value))).toBe(true)
      }),
      { numRuns: 1_000 },
    )
    fc.assert(
      fc.property(fc.string(), (value) => {
        if (!isCaipNetworkId(value))
          expect(throwsCatalogueError(() => parseCaipNetworkId(value))).toBe(true)
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('CAIP-10 addresses', { timeout: 30_000 }, () => {
  it('parses namespace, chain and address', () => {
    expect(parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toEqual({
      namespace: 'eip155',
      chainId: '1',
      address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
    })
  })

  it.each(['eip155:1', 'eip155:1:', 'eip155::0xabc', ':1:0xabc', 'a:b:c:d', '::', 'plain'])(
    'refuses %j',
    (value) => {
      expect(() => parseCaipAddress(value)).toThrow('Invalid CAIP Address')
    },
  )

  it('accepts exactly three non-empty parts, whatever they hold', () => {
    fc.assert(
      fc.property(part, part, part, (a, b, c) => {
        expect(parseCaipAddress(`${a}:${b}:${c}`)).toEqual({ namespace: a, chainId: b, address: c })
      }),
      { numRuns: 1_000 },
    )
  })

  it('throws only the catalogue error, for any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (value) => {
        if (!isCaipAddress(value))
          expect(throwsCatalogueError(() => parseCaipAddress(value))).toBe(true)
      }),
      { numRuns: 1_000 },
    )
  })

  it('joins a network and an address, refusing empty addresses', () => {
    expect(toCaipAddress('eip155:10', '0xabc')).toBe('eip155:10:0xabc')
    expect(() => toCaipAddress('eip155:10', '')).toThrow('Invalid CAIP Address')
    expect(() => toCaipAddress('eip155:10', 'a:b')).toThrow('Invalid CAIP Address')
    // A network id of one part does not become valid by borrowing a part of the address.
    expect(() => toCaipAddress('eip155' as CaipNetworkId, '1:0xabc')).toThrow(
      'Invalid CAIP Address',
    )
  })
})

describe('checks without throwing', () => {
  it('tells network ids and addresses from anything else', () => {
    expect(isCaipNetworkId('eip155:1')).toBe(true)
    expect(isCaipNetworkId('eip155')).toBe(false)
    expect(isCaipNetworkId(1)).toBe(false)
    expect(isCaipAddress('eip155:1:0xabc')).toBe(true)
    expect(isCaipAddress('eip155:1')).toBe(false)
    expect(isCaipAddress(undefined)).toBe(false)
  })

  it('names the refused value in the error details', () => {
    try {
      parseCaipAddress('eip155:1')
      expect.unreachable()
    } catch (error) {
      expect(isPorticoError(error, 'INVALID_CAIP_ADDRESS') && error.details).toEqual({
        value: 'eip155:1',
      })
    }
  })

  it('knows the five chain namespaces of the SDK, and no other', () => {
    for (const namespace of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']) {
      expect(isChainNamespace(namespace)).toBe(true)
    }
    for (const other of ['tron', 'EIP155', '', 155, undefined]) {
      expect(isChainNamespace(other)).toBe(false)
    }
  })
})
