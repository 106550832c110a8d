import { describe, expect, it } from 'vitest'
import { createWalletFixture } from './fixture.js'

describe('wallet fixture', () => {
  it('is deterministic, with distinct ids, names and image ids', () => {
    const wallets = createWalletFixture()
    expect(createWalletFixture()).toEqual(wallets)
    expect(wallets.length).toBeGreaterThanOrEqual(120)
    for (const key of ['id', 'name', 'image_id'] as const) {
      expect(new Set(wallets.map((w) => w[key])).size).toBe(wallets.length)
    }
  })

  it('mixes link kinds, badges and chains', () => {
    const wallets = createWalletFixture()
    const some = (test: (w: (typeof wallets)[number]) => boolean) => wallets.some(test)
    expect(some((w) => w.mobile_link !== null)).toBe(true)
    expect(some((w) => w.desktop_link !== null)).toBe(true)
    expect(some((w) => w.webapp_link !== null)).toBe(true)
    expect(some((w) => w.rdns === null)).toBe(true)
    expect(some((w) => w.badge_type === 'certified')).toBe(true)
    const devnet = wallets.filter((w) => w.chains.includes('eip155:31337'))
    expect(devnet.length).toBeGreaterThan(40)
    expect(devnet.length).toBeLessThan(wallets.length / 2)
  })
})
