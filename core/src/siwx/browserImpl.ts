import type { CaipNetworkId } from '../caip/index.js'
import { everyOf, PorticoError } from '../kit.js'
import { createSignInMessage, newSignInMessage, randomNonce } from './message.js'
import { isSessionActive, isSessionFor, session as sessionValidator } from './session.js'
import type { BrowserSiwxOptions, SiwxContext, SiwxSession } from './types.js'
import { verifySessionSignature } from './verify.js'

/** The storage key (under the client's prefix) of the sessions kept in the browser. */
export const SIWX_SESSIONS_KEY = 'siwx_sessions'

const refused = (why: string) =>
  new PorticoError('INVALID_INPUT', `The sign-in was refused: ${why}`, { details: { why } })

/**
 * Sign-in kept in the browser, for apps without a backend: nonces drawn here (single use),
 * signatures checked here (eip155 through the network's RPC, so smart accounts verify too; Solana
 * ed25519), sessions in the client's storage until they expire, checked again when read back.
 */
export function createBrowserImpl(options: BrowserSiwxOptions, context: SiwxContext) {
  /** Nonces this page put in a message and nobody has signed in with yet. */
  const issued = new Set<string>()
  const read = () => context.storage.read(SIWX_SESSIONS_KEY, everyOf(sessionValidator)) ?? []
  const write = (sessions: readonly SiwxSession[]) => {
    if (sessions.length === 0) context.storage.remove(SIWX_SESSIONS_KEY)
    else context.storage.write(SIWX_SESSIONS_KEY, sessions)
  }

  /**
   * Sessions whose signature was checked on this page (message and signature): read back from
   * storage they are not checked again (an RPC call each time for smart accounts).
   */
  const verified = new Set<string>()
  const fingerprint = (session: SiwxSession) => `${session.signature}\n${session.message}`

  /** Whether the signature is the account's, by the app's `verify` or the namespace's own check. */
  async function verifySignature(session: SiwxSession): Promise<boolean> {
    if (verified.has(fingerprint(session))) return true
    const valid = options.verify
      ? await options.verify(session).catch(() => false)
      : await verifySessionSignature(session, context)
    if (valid) verified.add(fingerprint(session))
    return valid
  }

  /**
   * Why a session is not this page's to keep, or undefined: made for another site, a text that
   * is not its fields, or a signature that is not its account's. Storage is written by any script
   * of the origin (and by extensions), so what is read back passes the same checks as what is
   * added, save the nonce (spent once signed in).
   */
  async function whyNot(session: SiwxSession): Promise<string | undefined> {
    if (context.domain !== undefined && session.data.domain !== context.domain) {
      return 'the message is for another site'
    }
    // What the wallet signed must be the fields kept: the text is made again from them.
    if (
      !session.cacao &&
      (await createSignInMessage(session.data)).toString() !== session.message
    ) {
      return 'the message does not match its fields'
    }
    if (!(await verifySignature(session))) return 'the signature does not match'
    return undefined
  }

  return {
    async createMessage({
      accountAddress,
      chainId,
    }: {
      accountAddress: string
      chainId: CaipNetworkId
    }) {
      const nonce = randomNonce()
      issued.add(nonce)
      return newSignInMessage(context, options, { accountAddress, chainId }, nonce)
    },
    async addSession(session: SiwxSession) {
      if (!sessionValidator(session)) throw refused('the session is malformed')
      if (!issued.has(session.data.nonce)) throw refused('the nonce was not issued here')
      if (!isSessionActive(session, context.now())) throw refused('the message has expired')
      const why = await whyNot(session)
      if (why) throw refused(why)
      issued.delete(session.data.nonce)
      const { chainId, accountAddress } = session.data
      write([...read().filter((s) => !isSessionFor(s, chainId, accountAddress)), session])
    },
    async revokeSession(chainId: CaipNetworkId, address: string) {
      write(read().filter((s) => !isSessionFor(s, chainId, address)))
    },
    async setSessions(sessions: readonly SiwxSession[]) {
      write(sessions)
    },
    async getSessions(chainId: CaipNetworkId, address: string) {
      const now = context.now()
      const all = read()
      const live = all.filter((s) => isSessionActive(s, now))
      const mine = live.filter((s) => isSessionFor(s, chainId, address))
      // Each of the account's sessions is checked again as it is read; one that fails is dropped
      // from storage with the expired ones.
      const refusedHere = new Set<SiwxSession>()
      for (const session of mine) {
        const why = await whyNot(session)
        if (why) {
          context.logger.warn(`a stored sign-in session was dropped: ${why}`)
          refusedHere.add(session)
        }
      }
      const kept = live.filter((s) => !refusedHere.has(s))
      if (kept.length !== all.length) write(kept)
      return mine.filter((s) => !refusedHere.has(s))
    },
  }
}
