// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { cookieStorage, createCookieStorage } from './cookie.js'

describe('cookieStorage on the server', () => {
  it('holds nothing and ignores writes: one module serves every request', () => {
    expect(typeof document).toBe('undefined')
    for (const storage of [cookieStorage, createCookieStorage()]) {
      storage.setItem('@portico/connections:eip155', '[1]')
      storage.setItem('@portico/identity_cache', '{}')
      expect(storage.getItem('@portico/connections:eip155')).toBeNull()
      expect(storage.getItem('@portico/identity_cache')).toBeNull()
      storage.removeItem('@portico/connections:eip155')
    }
  })
})
