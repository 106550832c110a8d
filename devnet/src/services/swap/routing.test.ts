import fc from 'fast-check'
import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { candidatePaths } from './routing.js'

const A = '0x000000000000000000000000000000000000000a' as Address
const B = '0x000000000000000000000000000000000000000b' as Address
const WETH = '0x00000000000000000000000000000000000000e1' as Address
const USDC = '0x00000000000000000000000000000000000000c1' as Address

describe('candidate swap paths', () => {
  it('asks for the direct pair first, then through each hub, then through both', () => {
    expect(candidatePaths(A, B, [WETH, USDC])).toEqual([
      [A, B],
      [A, WETH, B],
      [A, USDC, B],
      [A, WETH, USDC, B],
      [A, USDC, WETH, B],
    ])
  })

  it('never routes through the tokens traded or repeats a hub', () => {
    // USDC→PTK: through WETH only; ETH (WETH)→PTK: through USDC only.
    expect(candidatePaths(USDC, B, [WETH, USDC])).toEqual([
      [USDC, B],
      [USDC, WETH, B],
    ])
    expect(candidatePaths(WETH, B, [WETH, USDC, USDC.toUpperCase() as Address])).toEqual([
      [WETH, B],
      [WETH, USDC, B],
    ])
    const address = fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((bytes) => `0x${Buffer.from(bytes).toString('hex')}` as Address)
    fc.assert(
      fc.property(address, address, fc.array(address, { maxLength: 4 }), (from, to, hubs) => {
        fc.pre(from !== to)
        const paths = candidatePaths(from, to, hubs)
        expect(paths[0]).toEqual([from, to])
        for (const path of paths) {
          expect(path[0]).toBe(from)
          expect(path.at(-1)).toBe(to)
          expect(new Set(path.map((a) => a.toLowerCase())).size).toBe(path.length)
          expect(path.length).toBeLessThanOrEqual(4)
        }
        expect(new Set(paths.map((p) => p.join())).size).toBe(paths.length)
      }),
      { numRuns: 1_000 },
    )
  })
})
