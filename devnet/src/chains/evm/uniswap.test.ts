import { keccak256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { PAIR_INIT_CODE_HASH } from './uniswap.js'
import { uniswapBytecode } from './uniswapBytecode.js'

describe('the packaged Uniswap V2 contracts', () => {
  it('agree on the pair init code hash the devnet computes pair addresses with', () => {
    expect(keccak256(uniswapBytecode('pair'))).toBe(PAIR_INIT_CODE_HASH)
    // Router02 compiled it in: its pairFor finds pairs at the same addresses.
    expect(uniswapBytecode('router02')).toContain(PAIR_INIT_CODE_HASH.slice(2))
    for (const name of ['weth9', 'factory', 'router02', 'pair'] as const) {
      expect(uniswapBytecode(name)).toMatch(/^0x(?:[0-9a-f]{2})+$/)
    }
  })
})
