import type { ConnectReturnType } from '../connection/index.js'
import type { ViewName } from '../modal/types.js'
import type { AuthBase } from './base.js'
import { FrameAnswerError } from './frame.js'
import {
  EMAIL_LOGIN_RULES,
  FRAME_ERRORS,
  FRAME_TIMINGS,
  isOtp,
  isValidEmail,
  type SuccessPayloads,
} from './protocol.js'
import type { EmailLoginOutcome, EmailLoginState } from './types.js'

/**
 * The pause before asking the frame again whether the device link was opened, when it answered
 * 'Device not approved yet'. Ours: the frame itself holds each ask up to 25 s, so this only keeps
 * a frame that answers at once from being asked in a tight loop.
 */
export const DEVICE_RETRY_DELAY_MS = 1_000

/** Views of the email login: connecting from them closes the modal, like connecting from Connect. */
const EMAIL_VIEWS: readonly ViewName[] = ['EmailVerifyDevice', 'EmailVerifyOtp']

/** The login state with nothing started: the address step. */
export const emptyLogin = (base: AuthBase): EmailLoginState => ({
  ...base.kit.idleState(),
  step: 'email',
  email: undefined,
  resendAt: undefined,
})

/** The trimmed text of an input, or '' for anything that is not text. */
export const trimmed = (raw: unknown) => (typeof raw === 'string' ? raw.trim() : '')

/**
 * Email login: the address (its format, the 30 s between login mails), a device approval first on
 * a new browser, then the one-time code; connected through the auth connector. Only the latest
 * attempt may change the login state.
 */
export function createLogin(base: AuthBase) {
  const { kit, stores, modal, connection, toast, ask, lastLogin } = base
  const { PorticoError } = kit
  const { $login } = stores
  const cooldownMs = EMAIL_LOGIN_RULES.cooldownMs
  let loginAttempt = 0
  const patchLogin = (patch: Partial<EmailLoginState>) => $login.set({ ...$login.get(), ...patch })
  const isCurrent = (attempt: number) => attempt === loginAttempt

  function failLogin(attempt: number, cause: unknown) {
    const error = base.authError(cause)
    if (isCurrent(attempt)) $login.set({ ...$login.get(), ...kit.errorState($login.get(), error) })
    return error
  }

  /** Connects the auth connector once the frame has a user; closes the email views after. */
  async function finishLogin(attempt: number): Promise<ConnectReturnType> {
    const connected = await connection.connect({ connectorId: base.connectorId })
    if (!isCurrent(attempt)) throw base.replaced()
    $login.set({ ...$login.get(), ...kit.successState(connected) })
    if (EMAIL_VIEWS.some((view) => modal.isShowing(view))) modal.close()
    return connected
  }

  async function connectEmail(raw: string): Promise<EmailLoginOutcome> {
    const email = trimmed(raw)
    if (!isValidEmail(email)) throw base.invalid({ key: 'auth.invalidEmail' }, 'Invalid email')
    if (!base.options.features.email) {
      throw new PorticoError('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
    }
    const since = base.now() - (lastLogin.get() ?? Number.NEGATIVE_INFINITY)
    if (since < cooldownMs) throw base.cooldownError(cooldownMs - since)
    const attempt = ++loginAttempt
    $login.set({ ...kit.pendingState($login.get()), step: 'email', email, resendAt: undefined })
    let action: SuccessPayloads['CONNECT_EMAIL']['action']
    try {
      ;({ action } = await ask('CONNECT_EMAIL', { email }, FRAME_TIMINGS.requestTimeoutMs))
    } catch (error) {
      throw failLogin(attempt, error)
    }
    if (!isCurrent(attempt)) throw base.replaced()
    if (action === 'CONNECT') {
      // The frame is already signed in as this address: no mail, no code.
      try {
        base.setUser((await ask('GET_USER', {})).user)
        await finishLogin(attempt)
        return 'connected'
      } catch (error) {
        throw failLogin(attempt, error)
      }
    }
    const sentAt = base.now()
    lastLogin.set(sentAt)
    const resendAt = sentAt + cooldownMs
    if (action === 'VERIFY_DEVICE') {
      patchLogin({ step: 'device', resendAt })
      void waitForDevice(attempt)
      return 'device'
    }
    $login.set({ ...kit.idleState(), step: 'otp', email, resendAt })
    return 'otp'
  }

  /**
   * Asks the frame to wait for the device link (it answers within 25 s), again and again while the
   * link is valid and the user stays on this login; then the code is on its way.
   */
  async function waitForDevice(attempt: number) {
    const until = base.now() + EMAIL_LOGIN_RULES.deviceLinkTtlMs
    while (isCurrent(attempt)) {
      try {
        await ask('CONNECT_DEVICE', {}, FRAME_TIMINGS.requestTimeoutMs)
        if (isCurrent(attempt)) {
          patchLogin({ ...kit.idleState(), step: 'otp' })
          // The device is approved and the code is on its way: the view asks for it.
          if (modal.isShowing('EmailVerifyDevice')) modal.replace('EmailVerifyOtp')
        }
        return
      } catch (error) {
        const notYet =
          error instanceof FrameAnswerError &&
          error.payload.message === FRAME_ERRORS.deviceNotApproved
        if (!notYet || base.now() >= until) {
          failLogin(attempt, error)
          return
        }
        await new Promise((resolve) => setTimeout(resolve, DEVICE_RETRY_DELAY_MS))
      }
    }
  }

  async function verifyOtp(raw: string): Promise<ConnectReturnType> {
    const otp = trimmed(raw)
    if (!isOtp(otp)) throw base.invalid({ key: 'auth.invalidOtp' }, 'The code is 6 digits')
    if ($login.get().step !== 'otp') {
      throw base.invalid({ key: 'auth.error.noLogin' }, 'No email login waits for a code')
    }
    const attempt = ++loginAttempt
    $login.set({ ...$login.get(), ...kit.pendingState($login.get()) })
    toast.showLoading({ key: 'auth.authenticating' })
    try {
      const { user } = await ask('CONNECT_OTP', { otp }, FRAME_TIMINGS.requestTimeoutMs)
      if (!isCurrent(attempt)) throw base.replaced()
      base.setUser(user)
      return await finishLogin(attempt)
    } catch (error) {
      throw failLogin(attempt, error)
    } finally {
      toast.hide()
    }
  }

  /** Back to the address step; the address stays, so the field shows what the user typed. */
  function resetLogin() {
    loginAttempt++
    $login.set({ ...emptyLogin(base), email: $login.get().email })
  }
  // Leaving EmailVerifyDevice (Back, or closing the modal) while the link is still awaited
  // abandons that login: the frame is not asked about the device again, and Continue starts anew.
  base.onDestroy(
    modal.onLeave('EmailVerifyDevice', () => {
      if ($login.get().step === 'device') resetLogin()
    }),
  )
  base.onDestroy(() => loginAttempt++)

  return {
    connectEmail,
    verifyOtp,
    resendCode() {
      const { email } = $login.get()
      if (!email) throw base.invalid({ key: 'auth.error.noLogin' }, 'No email login to resend')
      return connectEmail(email)
    },
    resetLogin,
    /** Signed out: no login answered later changes anything. */
    forget() {
      loginAttempt++
      $login.set(emptyLogin(base))
    },
  }
}
