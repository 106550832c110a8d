import { afterEach, describe, expect, it, vi } from 'vitest'
import { createListeners, loadSaved, save, savedIndex } from './state.js'

/** localStorage as a browser has it, or one that refuses every call (blocked storage). */
function fakeStorage(blocked = false) {
  const items = new Map<string, string>()
  const refuse = () => {
    throw new Error('blocked')
  }
  return {
    getItem: blocked ? refuse : (key: string) => items.get(key) ?? null,
    setItem: blocked ? refuse : (key: string, value: string) => void items.set(key, value),
    items,
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('what the devnet wallets remember per site', () => {
  it('reads back what it saved, and nothing from empty, broken or blocked storage', () => {
    const storage = fakeStorage()
    vi.stubGlobal('localStorage', storage)
    expect(loadSaved('wallet')).toEqual({})
    save('wallet', { authorized: true, accountIndex: 1 })
    expect(loadSaved('wallet')).toEqual({ authorized: true, accountIndex: 1 })
    storage.items.set('wallet', '{not json')
    expect(loadSaved('wallet')).toEqual({})
    storage.items.set('wallet', '7')
    expect(loadSaved('wallet')).toEqual({})

    vi.stubGlobal('localStorage', fakeStorage(true))
    expect(() => save('wallet', { authorized: true })).not.toThrow()
    expect(loadSaved('wallet')).toEqual({})
  })

  it('keeps a stored account only while the wallet still has it', () => {
    expect(savedIndex(1, 2)).toBe(1)
    expect(savedIndex(2, 2)).toBe(0)
    expect(savedIndex(-1, 2)).toBe(0)
    expect(savedIndex(0.5, 2)).toBe(0)
    expect(savedIndex('1', 2)).toBe(0)
    expect(savedIndex(undefined, 2)).toBe(0)
  })

  it('tells every listener, even after one throws, until it unsubscribes', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const listeners = createListeners<[string]>('test wallet')
    const heard: string[] = []
    listeners.add(() => {
      throw new Error('broken UI')
    })
    const stop = listeners.add((what) => heard.push(what))
    listeners.notify('accounts')
    stop()
    listeners.notify('chain')
    expect(heard).toEqual(['accounts'])
    expect(error).toHaveBeenCalledWith('[test wallet] listener threw', expect.any(Error))
  })
})
