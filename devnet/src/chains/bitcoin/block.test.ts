import { hex } from '@scure/base'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  GENESIS_HEADER,
  headerHash,
  meetsTarget,
  merkleRoot,
  mineHeader,
  REGTEST_BITS,
  scriptNumberPush,
  subsidy,
  targetOf,
} from './block.js'
import { createLedger } from './ledger.js'

describe('blocks', () => {
  it('hashes the regtest genesis header to the regtest genesis hash', () => {
    expect(headerHash(GENESIS_HEADER)).toBe(
      '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    )
    expect(meetsTarget(headerHash(GENESIS_HEADER), REGTEST_BITS)).toBe(true)
  })

  it('computes merkle roots as Bitcoin does (mainnet block 100000)', () => {
    expect(
      merkleRoot([
        '8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87',
        'fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4',
        '6359f0868171b1d194cbee1af2f16ea598ae8fad666d9b012c8ed2b79a236ec4',
        'e9a66845e05d5abc0ad04ec80f774a7e585c6e8db975962d069a522137b80c1d',
      ]),
    ).toBe('f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766')
    const single = hex.encode(new Uint8Array(32).fill(7))
    expect(merkleRoot([single])).toBe(single)
  })

  it('writes heights as CScript pushes (BIP-34) and halves the subsidy every 150 blocks', () => {
    expect(hex.encode(scriptNumberPush(1))).toBe('51')
    expect(hex.encode(scriptNumberPush(16))).toBe('60')
    expect(hex.encode(scriptNumberPush(17))).toBe('0111')
    expect(hex.encode(scriptNumberPush(128))).toBe('028000')
    expect(hex.encode(scriptNumberPush(256))).toBe('020001')
    expect(subsidy(1)).toBe(5_000_000_000n)
    expect(subsidy(150)).toBe(2_500_000_000n)
    expect(subsidy(150 * 64)).toBe(0n)
  })

  it('mines headers that meet their target', () => {
    expect(targetOf(0x1d00ffff)).toBe(0xffffn << 208n)
    fc.assert(
      fc.property(
        fc.nat({ max: 2 ** 31 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (time, root) => {
          const { header, hash } = mineHeader({
            version: 0x20000000,
            prevHash: GENESIS_HEADER.merkleRoot,
            merkleRoot: hex.encode(root),
            time,
            bits: REGTEST_BITS,
          })
          expect(hash).toBe(headerHash(header))
          expect(meetsTarget(hash, REGTEST_BITS)).toBe(true)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('chains blocks on the genesis, with times that never go back', () => {
    let clock = Date.UTC(2030, 0, 1)
    const ledger = createLedger({ now: () => clock })
    const script = hex.decode(`0014${'11'.repeat(20)}`)
    const [first, second] = ledger.mine(script, 2)
    clock -= 3_600_000 // the clock jumps back an hour
    const [third] = ledger.mine(script, 1)
    expect(first?.header.prevHash).toBe(ledger.genesis().hash)
    expect(second?.header.prevHash).toBe(first?.hash)
    expect(third?.header.time).toBeGreaterThan(third?.medianTime ?? Number.POSITIVE_INFINITY)
    expect(ledger.tip().height).toBe(3)
    // A fresh coinbase is not spendable; the coinbase value is the subsidy.
    expect(ledger.spendable(script)).toEqual([])
    expect(ledger.utxos(script).map((u) => u.value)).toEqual([
      5_000_000_000n,
      5_000_000_000n,
      5_000_000_000n,
    ])
  })
})
