import { afterEach, describe, expect, it, vi } from 'vitest'
import { rejection, setupAuth } from '../test-utils/auth.js'

// The email login's code (`./lazy.js`) is fetched when the user first picks email. Here that
// fetch fails (offline, a deploy replaced the chunk) until the test lets it through.
const runtimeFetch = vi.hoisted(() => ({ fail: true }))
vi.mock('./lazy.js', async (original) => {
  if (runtimeFetch.fail) throw new TypeError('Failed to fetch dynamically imported module')
  return original()
})

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

describe('the email login code cannot be fetched', () => {
  it("says 'Unable to load email login dependency', loads no frame, and a later try works", async () => {
    const { client, frame } = setupAuth(cleanups)
    const error = await rejection(client.auth.connectEmail('ada@example.com'))
    expect(error.code).toBe('EMAIL_DEPENDENCY_LOAD_FAILED')
    expect(error.message).toBe('Unable to load email login dependency')
    // Synchronous actions before the code is here do nothing, and throw nothing.
    expect(() => client.auth.resetLogin()).not.toThrow()
    expect(frame.mounts).toEqual([])
    runtimeFetch.fail = false
    expect(await client.auth.connectEmail('ada@example.com')).toBe('otp')
    expect(frame.mounts).toHaveLength(1)
  })
})
