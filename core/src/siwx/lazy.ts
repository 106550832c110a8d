import type { ConnectionEvent } from '../connection/index.js'
import type { LazyContext } from '../kernel/feature.js'
import { createSiwxBase } from './base.js'
import { acceptCacaos, oneClickRequest } from './oneClick.js'
import { createSessionCheck } from './sessions.js'
import { createSigning } from './signing.js'
import type { SiwxHalf, SiwxShell } from './types.js'

/**
 * Sign-in's heavy half, built the first time it is needed (a connection, a hook showing the
 * session of a connected account, an action): find the account's session, else ask the user,
 * sign, store, close; decline keeps the view with a retry; cancel disconnects when sign-in is
 * required; an account or network without a session asks again; disconnect signs out.
 */
export function createLazy(context: LazyContext, shell: SiwxShell): SiwxHalf {
  const base = createSiwxBase(context, shell)
  const { config, modal, connection, logger } = base
  const signing = createSigning(base)
  const sessions = createSessionCheck(base, signing)

  function onConnection(event: ConnectionEvent) {
    if (event.type === 'disconnected') {
      sessions.forget()
      base.dismissed.clear()
      signing.stopAttempt('Disconnected')
      signing.forgetPrepared()
      base.resetSignIn()
      base.setSession(undefined)
      if (config.signOutOnDisconnect !== false) {
        config.setSessions([]).catch((error) => logger.warn('sign-out failed', error))
      }
      // Another namespace may still be connected: it is the active one now.
      if (base.active()) void sessions.check(true)
      return
    }
    // Connected, restored, another account or another network: is it signed in?
    void sessions.check(true)
  }

  // Leaving an optional sign-in (Escape, the close button) turns it down for this account;
  // a wallet prompt still open then answers to nobody.
  context.onDestroy(
    modal.onLeave(base.view, () => {
      if (shell.stores.$session.get()) return
      signing.stopAttempt('The sign-in view was closed')
      const account = base.active()
      if (account && !base.isRequired() && !modal.$open.get())
        base.dismissed.add(account.caipAddress)
    }),
  )
  context.onDestroy(() => signing.stopAttempt('The client was destroyed'))

  return {
    check: sessions.check,
    onConnection,
    signIn: signing.signIn,
    /** The view's Cancel: disconnects when sign-in is required, otherwise only closes. */
    async cancel() {
      signing.stopAttempt('Sign-in cancelled')
      const account = base.active()
      if (base.isRequired()) {
        // Back on Connect (the connection's rule); the modal stays open without a session.
        await connection.disconnect().catch((error) => logger.warn('disconnect failed', error))
        return
      }
      if (account) base.dismissed.add(account.caipAddress)
      modal.close()
    },
    async signOut() {
      const account = base.active()
      signing.stopAttempt('Signed out')
      base.setSession(undefined)
      signing.forgetPrepared()
      if (account) await config.revokeSession(account.chainId, account.address)
      if (base.isRequired()) await connection.disconnect()
    },
    /** Makes the message again (the view's retry after a failure to prepare it). */
    async prepare() {
      const account = base.active()
      if (account) await signing.prepare(account)
    },
    oneClickRequest: () => oneClickRequest(config, context.options.networks),
    async acceptCacaos(cacaos, format) {
      await acceptCacaos(config, cacaos, format, { logger })
    },
  }
}
