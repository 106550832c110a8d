import fc from 'fast-check'
import { atom } from 'nanostores'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../logger/index.js'
import { createMemoryStorage, createSafeStorage } from '../storage/index.js'
import { createRecentWallets, recentWallet } from './recentWallets.js'
import type { RecentWallet } from './types.js'

// Recent wallets are read back from the browser's storage, where another script may have written
// anything: each field passes the checks it passed when it came in, or is dropped.

const logger = createLogger({ level: 'silent' })
const PREFIX = '@portico/'

function recent(stored?: unknown) {
  const adapter = createMemoryStorage(
    stored === undefined ? {} : { [`${PREFIX}recent_wallets`]: JSON.stringify(stored) },
  )
  const storage = createSafeStorage(adapter, logger, PREFIX)
  return { wallets: createRecentWallets(storage, atom<readonly RecentWallet[]>([])), adapter }
}

describe('recent wallets', () => {
  it('newest first, each once, two at most; written to storage; cleared', () => {
    const { wallets, adapter } = recent()
    wallets.add({ id: 'a', name: 'A' })
    wallets.add({ id: 'b', name: 'B' })
    wallets.add({ id: 'a', name: 'A again' })
    wallets.add({ id: 'c', name: 'C' })
    expect(wallets.$recentWallets.get()).toEqual([
      { id: 'c', name: 'C' },
      { id: 'a', name: 'A again' },
    ])
    expect(JSON.parse(adapter.getItem(`${PREFIX}recent_wallets`) ?? 'null')).toEqual([
      { id: 'c', name: 'C' },
      { id: 'a', name: 'A again' },
    ])
    wallets.clear()
    expect(wallets.$recentWallets.get()).toEqual([])
    expect(adapter.getItem(`${PREFIX}recent_wallets`)).toBeNull()
  })

  it('a stored list that is not a list, or holds wallets without an id or a name, reads as empty', () => {
    expect(recent({ id: 'a', name: 'A' }).wallets.$recentWallets.get()).toEqual([])
    expect(recent([{ name: 'No id' }]).wallets.$recentWallets.get()).toEqual([])
    expect(recent([{ id: 'x', name: '\u200B' }]).wallets.$recentWallets.get()).toEqual([])
    expect(recent([{ id: 'x'.repeat(257), name: 'Long' }]).wallets.$recentWallets.get()).toEqual([])
  })

  it('keeps the safe fields of a stored wallet, drops the others', () => {
    expect(
      recentWallet({
        id: 'w',
        name: 'Wallet',
        imageUrl: 'https://img.example/w.png',
        rdns: 'com.wallet',
        mobileLink: 'wallet://',
        desktopLink: 'javascript:alert(1)',
        webappLink: 'https://web.example',
        extra: 'ignored',
      }),
    ).toEqual({
      id: 'w',
      name: 'Wallet',
      imageUrl: 'https://img.example/w.png',
      rdns: 'com.wallet',
      mobileLink: 'wallet://',
      webappLink: 'https://web.example/',
    })
    expect(recentWallet({ id: 'w', name: 'W', rdns: 'not a domain', imageUrl: 'x' })).toEqual({
      id: 'w',
      name: 'W',
    })
  })

  it('never throws; a wallet it keeps has a clean id and name and only safe links (property)', () => {
    const link = fc.oneof(
      fc.constantFrom('https://a.example/', 'wallet://', 'javascript:alert(1)', 'data:text/html,x'),
      fc.string(),
      fc.anything(),
    )
    fc.assert(
      fc.property(
        fc.record(
          {
            id: fc.oneof(fc.string({ maxLength: 300 }), fc.anything()),
            name: fc.oneof(fc.string(), fc.anything()),
            imageUrl: link,
            rdns: fc.oneof(fc.constant('com.wallet'), fc.string()),
            mobileLink: link,
            desktopLink: link,
            webappLink: link,
          },
          { requiredKeys: [] },
        ),
        (value) => {
          const wallet = recentWallet(value)
          if (!wallet) return
          expect(wallet.id).toBe(value.id)
          expect(wallet.id.length).toBeLessThanOrEqual(256)
          expect(wallet.name.length).toBeGreaterThan(0)
          expect(wallet.name.length).toBeLessThanOrEqual(64)
          for (const key of ['mobileLink', 'desktopLink', 'webappLink'] as const) {
            const href = wallet[key]
            if (href !== undefined) expect(href).not.toMatch(/^(javascript|data|vbscript):/i)
          }
          if (wallet.imageUrl !== undefined) {
            expect(wallet.imageUrl).toMatch(/^(https?:|data:image\/|blob:)/)
          }
        },
      ),
      { numRuns: 1_000 },
    )
  })
})
