import { FRAME_ERRORS } from '@portico/core/internal'
import type { LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ApiFailure, siteApi } from './api.js'
import { FrameFailure } from './failure.js'
import { type Keystore, openKeystore, type StoredSession } from './keystore.js'

// The frame's user: the session it remembers in this origin's IndexedDB, checked with the
// secure site once, and the key it signs with.

export type SignedIn = { session: StoredSession; account: LocalAccount }

/** A secure site refusal as the frame answers it (its message and details). */
export function rethrow(error: unknown): never {
  if (error instanceof ApiFailure) {
    const details = Object.keys(error.details).length > 0 ? error.details : undefined
    throw new FrameFailure(error.message, undefined, details)
  }
  throw error
}

/** `changed` runs after every sign-in and sign-out (the frame shows who is signed in). */
export function createFrameUser(appOrigin: string, changed: (user: SignedIn | undefined) => void) {
  let keystore: Keystore | undefined
  let deviceId = ''
  /** Remembered in IndexedDB but not yet confirmed with the server. */
  let remembered: StoredSession | undefined
  let signedIn: SignedIn | undefined

  async function storage(): Promise<Keystore> {
    if (!keystore) throw new FrameFailure(FRAME_ERRORS.default)
    return keystore
  }

  async function signIn(session: StoredSession) {
    signedIn = { session, account: privateKeyToAccount(session.privateKey) }
    remembered = session
    await (await storage()).saveSession(session)
    changed(signedIn)
  }

  async function signOutLocally() {
    signedIn = undefined
    remembered = undefined
    await keystore?.clearSession()
    changed(undefined)
  }

  /** The signed-in user, after checking the remembered session with the server once. */
  async function current(): Promise<SignedIn | undefined> {
    if (signedIn) return signedIn
    if (!remembered) return undefined
    try {
      const { user } = await siteApi.session(remembered.token)
      if (!user.address || user.address.toLowerCase() !== remembered.address.toLowerCase()) {
        await signOutLocally()
        return undefined
      }
      await signIn({ ...remembered, email: user.email })
      return signedIn
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 401) {
        await signOutLocally()
        return undefined
      }
      return rethrow(error)
    }
  }

  return {
    /** Opens the storage; resolves with the session it remembers, if any. */
    async open(): Promise<StoredSession | undefined> {
      keystore = await openKeystore(appOrigin)
      deviceId = await keystore.deviceId()
      remembered = await keystore.loadSession()
      return remembered
    },
    deviceId: () => deviceId,
    signedIn: () => signedIn,
    /** The session token to sign out on the site: the signed-in one, else the remembered one. */
    token: () => signedIn?.session.token ?? remembered?.token,
    signIn,
    signOutLocally,
    current,
    async requireUser(): Promise<SignedIn> {
      const user = await current()
      if (!user) throw new FrameFailure(FRAME_ERRORS.notSignedIn)
      return user
    },
  }
}
