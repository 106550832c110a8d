import { vi } from 'vitest'
import { authFeature } from '../auth/index.js'
import type { PorticoOptions } from '../client/index.js'
import { isPorticoError, type PorticoError } from '../errors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { TEST_NETWORKS } from './client.js'
import { createInspectablePortico } from './portico.js'
import { createFakeSecureFrame, GOOD_CODE, SECURE_ORIGIN } from './secureFrame.js'

export type AuthSetupOptions = Parameters<typeof createFakeSecureFrame>[0] & {
  storage?: ReturnType<typeof createMemoryStorage>
  options?: Partial<PorticoOptions>
}

/** A client whose secure frame is the in-memory stand-in; `cleanups` gets its destroy. */
export function setupAuth(
  cleanups: (() => void)[],
  { storage = createMemoryStorage(), options, ...frameOptions }: AuthSetupOptions = {},
) {
  const frame = createFakeSecureFrame(frameOptions)
  const built = createInspectablePortico({
    projectId: 'project-1',
    networks: TEST_NETWORKS,
    storage,
    logLevel: 'silent',
    apiUrls: { secureSite: SECURE_ORIGIN },
    ...options,
  })
  built.use(authFeature).useHost(frame.host)
  cleanups.push(() => built.client.destroy())
  return { client: built.client, use: built.use, events: built.events, frame, storage }
}

/** A client logged in by email (code) and connected through the auth connector. */
export async function loggedIn(cleanups: (() => void)[], options: AuthSetupOptions = {}) {
  const setup = setupAuth(cleanups, options)
  await setup.client.auth.connectEmail('ada@example.com')
  await setup.client.auth.verifyOtp(GOOD_CODE)
  return setup
}

/** Lets the frame's answers (microtasks) through under fake timers. */
export const settle = () => vi.advanceTimersByTimeAsync(0)

/** The PorticoError a promise rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<PorticoError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!isPorticoError(error)) throw new Error(`expected a PorticoError, got ${String(error)}`)
  return error
}
