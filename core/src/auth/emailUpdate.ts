import type { AuthBase } from './base.js'
import { trimmed } from './login.js'
import { isOtp, isValidEmail } from './protocol.js'
import type { UpdateEmailState } from './types.js'

/** The email update with nothing started. */
export const emptyUpdate = (base: AuthBase): UpdateEmailState => ({
  ...base.kit.idleState(),
  step: 'email',
  email: undefined,
})

/**
 * Changing the signed-in user's address: the new address, a code sent to the current one, then a
 * code sent to the new one. Only the latest step may change the update's state.
 */
export function createEmailUpdate(base: AuthBase) {
  const { kit, stores, ask } = base
  const { $updateEmail, $user } = stores
  let updateAttempt = 0
  base.onDestroy(() => updateAttempt++)

  async function runUpdate<T>(
    step: UpdateEmailState['step'],
    next: (attempt: number) => Promise<T>,
  ): Promise<T> {
    const attempt = ++updateAttempt
    $updateEmail.set({ ...$updateEmail.get(), ...kit.pendingState($updateEmail.get()), step })
    try {
      return await next(attempt)
    } catch (cause) {
      const error = base.authError(cause)
      if (attempt === updateAttempt) {
        $updateEmail.set({ ...$updateEmail.get(), ...kit.errorState($updateEmail.get(), error) })
      }
      throw error
    }
  }

  function updating(attempt: number, patch: Partial<UpdateEmailState>) {
    if (attempt !== updateAttempt) throw base.replaced()
    $updateEmail.set({ ...$updateEmail.get(), ...patch })
  }

  function assertOtp(raw: string): string {
    const otp = trimmed(raw)
    if (!isOtp(otp)) throw base.invalid({ key: 'auth.invalidOtp' }, 'The code is 6 digits')
    return otp
  }

  function reset() {
    updateAttempt++
    $updateEmail.set(emptyUpdate(base))
  }

  return {
    async updateEmail(raw: string) {
      const email = trimmed(raw)
      if (!isValidEmail(email)) throw base.invalid({ key: 'auth.invalidEmail' }, 'Invalid email')
      await runUpdate('email', async (attempt) => {
        updating(attempt, { email })
        await ask('UPDATE_EMAIL', { email })
        updating(attempt, { ...kit.idleState(), step: 'primary', email })
      })
    },
    async verifyPrimaryOtp(raw: string) {
      const otp = assertOtp(raw)
      await runUpdate('primary', async (attempt) => {
        await ask('UPDATE_EMAIL_PRIMARY_OTP', { otp })
        updating(attempt, { ...kit.idleState(), step: 'secondary' })
      })
    },
    verifySecondaryOtp(raw: string) {
      const otp = assertOtp(raw)
      return runUpdate('secondary', async (attempt) => {
        const { email } = await ask('UPDATE_EMAIL_SECONDARY_OTP', { otp })
        const user = $user.get()
        if (user) $user.set({ ...user, email })
        updating(attempt, { ...kit.successState(email), step: 'secondary', email })
        return email
      })
    },
    resetUpdateEmail: reset,
    /** Signed out: no update answered later changes anything. */
    forget: reset,
  }
}
