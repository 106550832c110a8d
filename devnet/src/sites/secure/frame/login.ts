import { FRAME_ERRORS, type FramedUser, normalizeEmail } from '@portico/core/internal'
import { generatePrivateKey } from 'viem/accounts'
import { siteApi } from './api.js'
import type { Handlers } from './dispatch.js'
import { FrameFailure } from './failure.js'
import type { StoredSession } from './keystore.js'
import { type createFrameUser, rethrow } from './user.js'

type LoginEvents =
  | 'CONNECT_EMAIL'
  | 'CONNECT_DEVICE'
  | 'CONNECT_OTP'
  | 'UPDATE_EMAIL'
  | 'UPDATE_EMAIL_PRIMARY_OTP'
  | 'UPDATE_EMAIL_SECONDARY_OTP'

/**
 * The frame's email login (address, device approval, code, the key for a new user) and its
 * email update, against the secure site's API.
 */
export function createLogin(
  user: ReturnType<typeof createFrameUser>,
  framedUser: (session: StoredSession) => FramedUser,
) {
  const { current, requireUser, signIn } = user
  let pendingLogin: { email: string } | undefined

  const handlers: Pick<Handlers, LoginEvents> = {
    async CONNECT_EMAIL({ email }) {
      const address = normalizeEmail(email)
      const signedIn = await current()
      if (signedIn && signedIn.session.email === address) {
        pendingLogin = undefined
        return { action: 'CONNECT' }
      }
      const { action } = await siteApi.startLogin(address, user.deviceId()).catch(rethrow)
      pendingLogin = { email: address }
      return { action }
    },

    async CONNECT_DEVICE() {
      if (!pendingLogin) throw new FrameFailure(FRAME_ERRORS.noLoginInProgress)
      return siteApi.waitForDevice(pendingLogin.email, user.deviceId()).catch(rethrow)
    },

    async CONNECT_OTP({ otp }) {
      const login = pendingLogin
      if (!login) throw new FrameFailure(FRAME_ERRORS.noLoginInProgress)
      const answer = await siteApi.verifyLogin(login.email, user.deviceId(), otp).catch(rethrow)
      pendingLogin = undefined
      let privateKey = answer.privateKey
      let address = answer.user.address
      if (!privateKey || !address) {
        // A new user: the key is made here, in the frame, and handed to the site's escrow once.
        privateKey = generatePrivateKey()
        const escrowed = await siteApi.escrowKey(answer.sessionToken, privateKey).catch(rethrow)
        address = escrowed.user.address
        if (!address) throw new FrameFailure(FRAME_ERRORS.default)
      }
      const previous = user.signedIn()?.session.token
      if (previous && previous !== answer.sessionToken) siteApi.signOut(previous).catch(() => {})
      const session = { token: answer.sessionToken, privateKey, email: answer.user.email, address }
      await signIn(session)
      return { user: framedUser(session) }
    },

    async UPDATE_EMAIL({ email }) {
      const { session } = await requireUser()
      return siteApi.startEmailUpdate(session.token, normalizeEmail(email)).catch(rethrow)
    },

    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      const { session } = await requireUser()
      return siteApi.confirmPrimary(session.token, otp).catch(rethrow)
    },

    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const { session } = await requireUser()
      const { email } = await siteApi.confirmSecondary(session.token, otp).catch(rethrow)
      await signIn({ ...session, email })
      return { email }
    },
  }

  return {
    handlers,
    /** Signed out: a login in progress is dropped. */
    forgetPending() {
      pendingLogin = undefined
    },
  }
}
