import type { ActiveConnection } from '../connection/index.js'
import { isUserRejection, toWalletError } from '../kit.js'
import type { Message } from '../messages/types.js'
import type { Account, SiwxBase } from './base.js'
import type { SiwxMessage, SiwxSession } from './types.js'

/**
 * How long the wallet may take to answer a sign-in request. Ours (the spec gives none). Signing
 * is a prompt read by a person, like connecting: the same two minutes as a connection request.
 * It exists to catch a wallet that never answers; the view keeps its Sign button for a retry.
 */
export const SIGN_MESSAGE_TIMEOUT_MS = 120_000

/**
 * How long a message prepared when the sign-in view opened may still be signed. Ours: servers
 * give their nonces a few minutes (the devnet ten); past five a new message is made at Sign.
 */
export const PREPARED_MESSAGE_MAX_AGE_MS = 5 * 60_000

/** The wallet refused to sign: the catalogue's 'Signature declined'. */
export const SIWX_DECLINED = { key: 'siwx.declined' } as const satisfies Message

export type Signing = ReturnType<typeof createSigning>

/**
 * The message the view shows (made when it opens, for the account it was made for) and the
 * signing: the wallet's signature, the configuration's `addSession`, the session stored. An
 * attempt is aborted when the account changes or the user leaves.
 */
export function createSigning(base: SiwxBase) {
  const { kit, config, connection, network, toast, stores, logger, now } = base
  const { PorticoError } = kit
  /** The message shown in the view, for the account it was made for. */
  let prepared: { message: SiwxMessage; caipAddress: string; at: number } | undefined
  let prepareId = 0
  /** The sign attempt under way: aborted when the account changes or the user leaves. */
  let attempt: { controller: AbortController; caipAddress: string } | undefined

  function forgetPrepared() {
    prepareId++
    prepared = undefined
    stores.$message.set(kit.idleState())
  }

  function stopAttempt(reason: string) {
    attempt?.controller.abort(base.aborted(reason))
    attempt = undefined
  }

  function show(message: SiwxMessage, account: Account) {
    prepared = { message, caipAddress: account.caipAddress, at: now() }
    stores.$message.set(kit.successState({ text: message.toString(), data: message.data }))
  }

  async function prepare(account: Account): Promise<void> {
    const id = ++prepareId
    stores.$message.set(kit.pendingState(stores.$message.get()))
    try {
      const message = await config.createMessage({
        accountAddress: account.address,
        chainId: account.chainId,
      })
      if (id === prepareId) show(message, account)
    } catch (cause) {
      if (id !== prepareId) return
      logger.warn('the sign-in message could not be made', cause)
      stores.$message.set(kit.errorState(stores.$message.get(), kit.toPorticoError(cause)))
    }
  }

  function assertSame(account: Account) {
    if (base.active()?.caipAddress !== account.caipAddress) {
      throw base.aborted('The account changed while signing in')
    }
  }

  /** The prepared message if it is the account's and still fresh, else a new one (shown too). */
  async function messageFor(account: Account): Promise<SiwxMessage> {
    if (
      prepared?.caipAddress === account.caipAddress &&
      now() - prepared.at < PREPARED_MESSAGE_MAX_AGE_MS
    ) {
      return prepared.message
    }
    prepareId++
    const message = await config.createMessage({
      accountAddress: account.address,
      chainId: account.chainId,
    })
    assertSame(account)
    // The view shows what the wallet is asked to sign.
    show(message, account)
    return message
  }

  /** The wallet's signature of `text`, within the time a person may take to answer. */
  async function sign(
    { adapter, connector }: ActiveConnection,
    account: Account,
    text: string,
    signal: AbortSignal,
  ) {
    const signing = adapter.signing as NonNullable<ActiveConnection['adapter']['signing']>
    try {
      return await kit.withDeadline(signing.signMessage(connector, account.address, text), {
        timeoutMs: SIGN_MESSAGE_TIMEOUT_MS,
        signal,
        onTimeout: () =>
          new PorticoError(
            'WALLET_TIMEOUT',
            `The wallet did not answer the sign-in request in ${SIGN_MESSAGE_TIMEOUT_MS / 1_000} s`,
            { details: { request: 'signMessage', seconds: SIGN_MESSAGE_TIMEOUT_MS / 1_000 } },
          ),
      })
    } catch (cause) {
      if (isUserRejection(cause)) {
        throw new PorticoError('USER_REJECTED', 'The wallet declined the sign-in message', {
          cause,
          details: { message: SIWX_DECLINED },
        })
      }
      throw kit.isPorticoError(cause) ? cause : toWalletError(cause, 'signature request')
    }
  }

  async function signIn(): Promise<SiwxSession> {
    const account = base.active()
    if (!account) throw new PorticoError('NO_ACTIVE_CAIP_ADDRESS')
    if (!base.applies(account.namespace)) throw new PorticoError('SIWX_NOT_ENABLED')
    if (!network.find(account.chainId)) {
      throw new PorticoError('NETWORK_NOT_FOUND', { details: { id: account.chainId } })
    }
    const wallet = connection.getActive(account.namespace as never)
    if (!wallet) throw new PorticoError('CONNECTION_CLIENT_NOT_SET')
    if (!wallet.adapter.signing) {
      throw new PorticoError('WALLET_ERROR', `${account.namespace} wallets cannot sign messages`)
    }
    stopAttempt('A new sign-in attempt started')
    const controller = new AbortController()
    attempt = { controller, caipAddress: account.caipAddress }
    try {
      const message = await messageFor(account)
      assertSame(account)
      const text = message.toString()
      const signature = await sign(wallet, account, text, controller.signal)
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
      base.dismissed.delete(account.caipAddress)
      base.setSession(session)
      base.finishView()
      return session
    } catch (cause) {
      const error = kit.toPorticoError(cause)
      if (error.code === 'USER_REJECTED') toast.showError(SIWX_DECLINED)
      throw error
    } finally {
      if (attempt?.controller === controller) attempt = undefined
    }
  }

  return {
    prepare,
    forgetPrepared,
    stopAttempt,
    /** Whether the account is signing now (a custom UI called signIn). */
    isSigning: (account: Account) => attempt?.caipAddress === account.caipAddress,
    signIn,
  }
}
