import type { LazyContext } from '../kernel/feature.js'
import { createApprovals } from './approvals.js'
import { createAuthBase } from './base.js'
import { createEmailUpdate } from './emailUpdate.js'
import { createLogin } from './login.js'
import { createProvider } from './provider.js'
import type { AuthHalf, AuthShell } from './types.js'

/**
 * The embedded wallet behind the auth connector, fetched the first time the user picks email (or
 * a stored email login reconnects): the secure frame's life, the email login and update, the
 * connector's requests with their approvals, the sign-out.
 */
export function createLazy(context: LazyContext, shell: AuthShell): AuthHalf {
  const base = createAuthBase(context, shell)
  const login = createLogin(base)
  const update = createEmailUpdate(base)
  const provider = createProvider(base, createApprovals(base), () => {
    login.forget()
    update.forget()
  })
  return {
    request: provider.request,
    signOut: provider.signOut,
    connectEmail: login.connectEmail,
    verifyOtp: login.verifyOtp,
    resendCode: login.resendCode,
    resetLogin: login.resetLogin,
    updateEmail: update.updateEmail,
    verifyPrimaryOtp: update.verifyPrimaryOtp,
    verifySecondaryOtp: update.verifySecondaryOtp,
    resetUpdateEmail: update.resetUpdateEmail,
    showFrame: base.showFrame,
    preload: () => base.frame.ready(),
  }
}
