import type { SiwxBase } from './base.js'
import { findSession, isSessionFor } from './session.js'
import type { Signing } from './signing.js'
import type { SiwxSession } from './types.js'

/** Views where a connection was just made: a stored session closes them. */
const CONNECTING_VIEWS = new Set([
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingFarcaster',
])

/**
 * The connected account's session: found in the configuration's sessions, or asked for with the
 * sign-in view (SIWXSignMessage, or ConnectingSiwe for a legacy `siweConfig`).
 */
export function createSessionCheck(base: SiwxBase, signing: Signing) {
  const { modal, network, stores, config, logger } = base
  /** The session check under way; a check for the same account joins it. */
  let checking: { caipAddress: string; prompt: boolean } | undefined

  /** Opens the sign-in view for the account (the modal opens if it is closed). */
  function openView(account: NonNullable<ReturnType<SiwxBase['active']>>) {
    // The account is already signing (a custom UI called signIn): show it, leave it be.
    const busy = signing.isSigning(account)
    if (!busy) {
      signing.stopAttempt('Another account is signing in')
      base.resetSignIn()
      signing.forgetPrepared()
    }
    const { view } = base
    const data = { caipAddress: account.caipAddress }
    const top = modal.$view.get().view
    if (!modal.$open.get()) modal.open({ view, data })
    // Optional sign-in over Account goes back to it; required sign-in stands alone, so that
    // neither Escape nor back can leave it.
    else if (top === 'Account' && !base.isRequired()) modal.push(view, data)
    else modal.reset(view, data)
    if (!busy) void signing.prepare(account)
  }

  /**
   * Looks for the connected account's session. With `prompt`, no session opens the sign-in
   * view (the network must be the app's: an unsupported one has its own view).
   */
  async function check(prompt: boolean): Promise<void> {
    const account = base.active()
    if (!account || !base.applies(account.namespace)) {
      checking = undefined
      base.setSession(undefined)
      return
    }
    if (checking?.caipAddress === account.caipAddress) {
      checking.prompt ||= prompt
      return
    }
    const mine = { caipAddress: account.caipAddress, prompt }
    checking = mine
    const current = stores.$session.get()
    if (current && !isSessionFor(current, account.chainId, account.address)) {
      base.setSession(undefined)
    }
    const written = base.writes()
    let sessions: readonly SiwxSession[] = []
    try {
      sessions = await config.getSessions(account.chainId, account.address)
    } catch (error) {
      // Unknown is not signed in: the view asks, and its Sign says what is wrong.
      logger.warn('the sign-in sessions could not be read', error)
    }
    if (checking !== mine) return
    checking = undefined
    // Signed in (or out) while the sessions were read: that is newer than what was read.
    if (base.writes() !== written) return
    const found = findSession(sessions, account.chainId, account.address, base.now())
    base.setSession(found)
    if (found) {
      // Signed in already (a reload, or back to a signed account): nothing to ask.
      if (base.isShowing()) base.finishView()
      else if (mine.prompt && modal.$open.get() && CONNECTING_VIEWS.has(modal.$view.get().view)) {
        modal.close()
      }
      return
    }
    if (!mine.prompt || !network.find(account.chainId)) return
    if (!base.isRequired() && base.dismissed.has(account.caipAddress)) return
    openView(account)
  }

  return {
    check,
    /** A disconnect: no check is under way any more. */
    forget() {
      checking = undefined
    },
  }
}
