import { describe, expect, it, vi } from 'vitest'
import { cleanupAfterEach, createOfflinePortico } from '../test-utils/offline.js'
import type { SiwxConfig } from './types.js'

// Sign-in's code (`./lazy.js`) is fetched with import() the first time it is needed. The test
// makes that fetch fail as a lost chunk does (offline, a deploy in between), then lets it through.
const fetchOfSignIn = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
const fetches = vi.hoisted(() => ({ count: 0 }))
vi.mock('./lazy.js', async (original) => {
  fetches.count++
  await fetchOfSignIn.arrive()
  return original()
})

const cleanup = cleanupAfterEach()

/** An app's sign-in configuration that is never reached in these tests. */
const never = () => new Promise<never>(() => undefined)
const siwx: SiwxConfig = {
  createMessage: never,
  addSession: never,
  revokeSession: never,
  setSessions: never,
  getSessions: never,
}

describe('the sign-in code cannot be fetched', () => {
  it('without a configuration nothing is fetched: every action says sign-in is not enabled', async () => {
    const { client } = createOfflinePortico(cleanup)
    for (const action of [
      client.siwx.signIn,
      client.siwx.signOut,
      client.siwx.cancel,
      client.siwx.prepareMessage,
    ]) {
      await expect(action()).rejects.toMatchObject({
        code: 'SIWX_NOT_ENABLED',
        message: 'SIWX is not enabled',
      })
    }
    expect(fetches.count).toBe(0)
  })

  it("signIn says the sign-in code could not be loaded ('siwx.loadFailed'), its state shows it, and the next call fetches it again", async () => {
    fetchOfSignIn.fail = true
    const { client } = createOfflinePortico(cleanup, { siwx })
    const error = await client.siwx.signIn().catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'MODULE_LOAD_FAILED',
      message: 'The siwx code could not be loaded',
      details: { module: 'siwx', message: { key: 'siwx.loadFailed' } },
    })
    expect(client.siwx.$signIn.get()).toMatchObject({ status: 'error', error })

    fetchOfSignIn.fail = false
    await expect(client.siwx.signIn()).rejects.toMatchObject({ code: 'NO_ACTIVE_CAIP_ADDRESS' })
  })
})
