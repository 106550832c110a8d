import type { WritableAtom } from 'nanostores'
import { isUserRejection, toWalletError } from '../adapters/index.js'
import type { CaipAddress, CaipNetworkId } from '../caip/index.js'
import type { ConnectionEvent, ConnectionInternal } from '../connection/index.js'
import { isPorticoError, PorticoError } from '../errors/index.js'
import {
  type AsyncState,
  errorState,
  idleState,
  pendingState,
  successState,
  toPorticoError,
} from '../kernel/async.js'
import { withDeadline } from '../kernel/deadline.js'
import type { FeatureContext } from '../kernel/feature.js'
import type { ModalInternal } from '../modal/index.js'
import type { NetworkInternal } from '../network/index.js'
import type { ToastFeature } from '../toast/index.js'
import { PREPARED_MESSAGE_MAX_AGE_MS, SIGN_MESSAGE_TIMEOUT_MS, SIWX_MESSAGES } from './constants.js'
import { siweToSiwx } from './legacy.js'
import { acceptCacaos, oneClickRequest } from './oneClick.js'
import { findSession, isSessionFor } from './session.js'
import type { SiweConfig, SiwxConfig, SiwxMessage, SiwxMessageData, SiwxSession } from './types.js'

/** A message made for the sign-in view: its text is shown before the wallet is asked. */
export type SiwxPreparedMessage = { text: string; data: SiwxMessageData }

/** Views where a connection was just made: a stored session closes them. */
const CONNECTING_VIEWS = new Set([
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingFarcaster',
])

export type SiwxFlowDependencies = {
  context: FeatureContext
  config: SiwxConfig | undefined
  legacy: SiweConfig | undefined
  modal: ModalInternal
  connection: ConnectionInternal
  network: NetworkInternal
  toast: ToastFeature
  $session: WritableAtom<SiwxSession | undefined>
  $message: WritableAtom<AsyncState<SiwxPreparedMessage>>
  /** Clears the sign-in action's state (a new account starts without the old error). */
  resetSignIn(): void
}

export type SiwxFlow = ReturnType<typeof createSiwxFlow>

type Account = {
  address: string
  chainId: CaipNetworkId
  caipAddress: CaipAddress
  namespace: string
}

function abortedError(reason: string) {
  return new PorticoError('ABORTED', reason, { details: { reason } })
}

/**
 * Sign-in after a connection, loaded on first use: find the account's session, else ask the
 * user (SIWXSignMessage, or ConnectingSiwe for a legacy `siweConfig`), sign, store, close;
 * decline keeps the view with a retry; cancel disconnects when sign-in is required; an account
 * or network without a session asks again; disconnect signs out.
 */
export function createSiwxFlow(deps: SiwxFlowDependencies) {
  const { context, modal, connection, network, toast, $session, $message } = deps
  const { logger } = context
  const now = () => context.clock.now()
  // The page the messages are for: the browser's, else the app's metadata URL (SSR, Node).
  // Worked out here, with the configuration's `init`, rather than when the client is made: an
  // app that never needs sign-in (nobody connects) never runs or downloads this code. The
  // configuration is only called from this flow, so it is initialised before its first call.
  const url = context.isBrowser ? window.location.href : context.options.metadata?.url
  const parsed = url ? new URL(url) : undefined
  const page = { domain: parsed?.host, uri: parsed && parsed.origin + parsed.pathname }
  deps.config?.init?.({
    storage: context.storage,
    toolkitUrl: (path) => context.api.toolkit.url(path),
    fetch: context.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now: context.clock.now,
    networks: context.options.networks,
    logger: context.logger,
    ...page,
  })
  const config: SiwxConfig = deps.legacy
    ? siweToSiwx(deps.legacy, { ...page, now })
    : (deps.config as SiwxConfig)
  const view = deps.legacy ? 'ConnectingSiwe' : 'SIWXSignMessage'
  const isRequired = () => Boolean(config.getRequired?.())
  /** The legacy config signs in with Ethereum only. */
  const applies = (namespace: string) => !deps.legacy || namespace === 'eip155'

  /** Accounts whose optional sign-in the user turned down (asked again after a reconnect). */
  const dismissed = new Set<string>()
  /** The session check under way; a check for the same account joins it. */
  let checking: { caipAddress: string; prompt: boolean } | undefined
  /** The message shown in the view, for the account it was made for. */
  let prepared: { message: SiwxMessage; caipAddress: string; at: number } | undefined
  let prepareId = 0
  /** The sign attempt under way: aborted when the account changes or the user leaves. */
  let attempt: { controller: AbortController; caipAddress: string } | undefined
  /** Counts session writes: a check that read the sessions before a sign-in does not undo it. */
  let writes = 0
  const setSession = (session: SiwxSession | undefined) => {
    writes++
    $session.set(session)
  }

  function active(): Account | undefined {
    const state = connection.$connection.get()
    const { address, chainId, caipAddress } = state
    if (state.status !== 'connected' || !address || !chainId || !caipAddress) return undefined
    return { address, chainId, caipAddress, namespace: chainId.split(':')[0] as string }
  }

  const isShowing = () => modal.isShowing(view)

  function forgetPrepared() {
    prepareId++
    prepared = undefined
    $message.set(idleState())
  }

  function stopAttempt(reason: string) {
    attempt?.controller.abort(abortedError(reason))
    attempt = undefined
  }

  /** Opens the sign-in view for the account (the modal opens if it is closed). */
  function openView(account: Account) {
    // The account is already signing (a custom UI called signIn): show it, leave it be.
    const signing = attempt?.caipAddress === account.caipAddress
    if (!signing) {
      stopAttempt('Another account is signing in')
      deps.resetSignIn()
      forgetPrepared()
    }
    const data = { caipAddress: account.caipAddress }
    const top = modal.$view.get().view
    if (!modal.$open.get()) modal.open({ view, data })
    // Optional sign-in over Account goes back to it; required sign-in stands alone, so that
    // neither Escape nor back can leave it.
    else if (top === 'Account' && !isRequired()) modal.push(view, data)
    else modal.reset(view, data)
    if (!signing) void prepare(account)
  }

  /** Leaves the sign-in view after success: the replace rule of the modal's navigation. */
  function finishView() {
    if (!isShowing()) return
    modal.pushTransactionStep({ replace: true })
    modal.popTransactionStep('success')
  }

  async function prepare(account: Account): Promise<void> {
    const id = ++prepareId
    $message.set(pendingState($message.get()))
    try {
      const message = await config.createMessage({
        accountAddress: account.address,
        chainId: account.chainId,
      })
      if (id !== prepareId) return
      prepared = { message, caipAddress: account.caipAddress, at: now() }
      $message.set(successState({ text: message.toString(), data: message.data }))
    } catch (cause) {
      if (id !== prepareId) return
      logger.warn('the sign-in message could not be made', cause)
      $message.set(errorState($message.get(), toPorticoError(cause)))
    }
  }

  /**
   * Looks for the connected account's session. With `prompt`, no session opens the sign-in
   * view (the network must be the app's: an unsupported one has its own view).
   */
  async function check(prompt: boolean): Promise<void> {
    const account = active()
    if (!account || !applies(account.namespace)) {
      checking = undefined
      setSession(undefined)
      return
    }
    if (checking?.caipAddress === account.caipAddress) {
      checking.prompt ||= prompt
      return
    }
    const mine = { caipAddress: account.caipAddress, prompt }
    checking = mine
    const current = $session.get()
    if (current && !isSessionFor(current, account.chainId, account.address)) {
      setSession(undefined)
    }
    const written = writes
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
    if (writes !== written) return
    const found = findSession(sessions, account.chainId, account.address, now())
    setSession(found)
    if (found) {
      // Signed in already (a reload, or back to a signed account): nothing to ask.
      if (isShowing()) finishView()
      else if (mine.prompt && modal.$open.get() && CONNECTING_VIEWS.has(modal.$view.get().view)) {
        modal.close()
      }
      return
    }
    if (!mine.prompt || !network.find(account.chainId)) return
    if (!isRequired() && dismissed.has(account.caipAddress)) return
    openView(account)
  }

  function assertSame(account: Account) {
    if (active()?.caipAddress !== account.caipAddress) {
      throw abortedError('The account changed while signing in')
    }
  }

  async function signIn(): Promise<SiwxSession> {
    const account = active()
    if (!account) throw new PorticoError('NO_ACTIVE_CAIP_ADDRESS')
    if (!applies(account.namespace)) throw new PorticoError('SIWX_NOT_ENABLED')
    if (!network.find(account.chainId)) {
      throw new PorticoError('NETWORK_NOT_FOUND', { details: { id: account.chainId } })
    }
    const wallet = connection.getActive(account.namespace as never)
    if (!wallet) throw new PorticoError('CONNECTION_CLIENT_NOT_SET')
    const signing = wallet.adapter.signing
    if (!signing) {
      throw new PorticoError('WALLET_ERROR', `${account.namespace} wallets cannot sign messages`)
    }
    stopAttempt('A new sign-in attempt started')
    const controller = new AbortController()
    attempt = { controller, caipAddress: account.caipAddress }
    try {
      let message: SiwxMessage
      if (
        prepared?.caipAddress === account.caipAddress &&
        now() - prepared.at < PREPARED_MESSAGE_MAX_AGE_MS
      ) {
        message = prepared.message
      } else {
        prepareId++
        message = await config.createMessage({
          accountAddress: account.address,
          chainId: account.chainId,
        })
        assertSame(account)
        // The view shows what the wallet is asked to sign.
        prepared = { message, caipAddress: account.caipAddress, at: now() }
        $message.set(successState({ text: message.toString(), data: message.data }))
      }
      assertSame(account)
      const text = message.toString()
      let signature: string
      try {
        signature = await withDeadline(
          signing.signMessage(wallet.connector, account.address, text),
          {
            timeoutMs: SIGN_MESSAGE_TIMEOUT_MS,
            signal: controller.signal,
            onTimeout: () =>
              new PorticoError(
                'WALLET_TIMEOUT',
                `The wallet did not answer the sign-in request in ${SIGN_MESSAGE_TIMEOUT_MS / 1_000} s`,
                { details: { request: 'signMessage', seconds: SIGN_MESSAGE_TIMEOUT_MS / 1_000 } },
              ),
          },
        )
      } catch (cause) {
        if (isUserRejection(cause)) {
          throw new PorticoError('USER_REJECTED', 'The wallet declined the sign-in message', {
            cause,
            details: { message: SIWX_MESSAGES.declined },
          })
        }
        throw isPorticoError(cause) ? cause : toWalletError(cause, 'signature request')
      }
      assertSame(account)
      const session: SiwxSession = { data: message.data, message: text, signature }
      try {
        await config.addSession(session)
      } catch (error) {
        // A refused message may have spent its nonce: the retry makes a new one.
        forgetPrepared()
        throw error
      }
      assertSame(account)
      forgetPrepared()
      dismissed.delete(account.caipAddress)
      setSession(session)
      finishView()
      return session
    } catch (cause) {
      const error = toPorticoError(cause)
      if (error.code === 'USER_REJECTED') toast.showError(SIWX_MESSAGES.declined)
      throw error
    } finally {
      if (attempt?.controller === controller) attempt = undefined
    }
  }

  /** The view's Cancel: disconnects when sign-in is required, otherwise only closes. */
  async function cancel(): Promise<void> {
    stopAttempt('Sign-in cancelled')
    const account = active()
    if (isRequired()) {
      // Back on Connect (the connection's rule); the modal stays open without a session.
      await connection.disconnect().catch((error) => logger.warn('disconnect failed', error))
      return
    }
    if (account) dismissed.add(account.caipAddress)
    modal.close()
  }

  async function signOut(): Promise<void> {
    const account = active()
    stopAttempt('Signed out')
    setSession(undefined)
    forgetPrepared()
    if (account) await config.revokeSession(account.chainId, account.address)
    if (isRequired()) await connection.disconnect()
  }

  function onConnection(event: ConnectionEvent) {
    if (event.type === 'disconnected') {
      checking = undefined
      dismissed.clear()
      stopAttempt('Disconnected')
      forgetPrepared()
      deps.resetSignIn()
      setSession(undefined)
      if (config.signOutOnDisconnect !== false) {
        config.setSessions([]).catch((error) => logger.warn('sign-out failed', error))
      }
      // Another namespace may still be connected: it is the active one now.
      if (active()) void check(true)
      return
    }
    // Connected, restored, another account or another network: is it signed in?
    void check(true)
  }

  // Leaving an optional sign-in (Escape, the close button) turns it down for this account;
  // a wallet prompt still open then answers to nobody.
  context.onDestroy(
    modal.onLeave(view, () => {
      if ($session.get()) return
      stopAttempt('The sign-in view was closed')
      const account = active()
      if (account && !isRequired() && !modal.$open.get()) dismissed.add(account.caipAddress)
    }),
  )
  context.onDestroy(() => stopAttempt('The client was destroyed'))

  return {
    config,
    view,
    check,
    signIn,
    signOut,
    cancel,
    onConnection,
    /** Makes the message again (the view's retry after a failure to prepare it). */
    prepare: async () => {
      const account = active()
      if (account) await prepare(account)
    },
    oneClickRequest: () => oneClickRequest(config, context.options.networks),
    acceptCacaos: async (cacaos: readonly unknown[], format: (cacao: unknown) => string) => {
      await acceptCacaos(config, cacaos, format, { logger })
    },
  }
}
