import type { CaipNetworkId } from '../caip/index.js'
import { everyOf, PorticoError } from '../kit.js'
import { createSignInMessage, newSignInMessage, randomNonce } from './message.js'
import { isSessionActive, isSessionFor, session as sessionValidator } from './session.js'
import type { BrowserSiwxOptions, SiwxContext, SiwxSession } from './types.js'

/** The storage key (under the client's prefix) of the sessions kept in the browser. */
export const SIWX_SESSIONS_KEY = 'siwx_sessions'

const refused = (why: string) =>
  new PorticoError('INVALID_INPUT', `The sign-in was refused: ${why}`, { details: { why } })

/**
 * Sign-in kept in the browser, for apps without a backend: nonces drawn here (single use),
 * signatures checked here (eip155 through the network's RPC, so smart accounts verify too),
 * sessions in the client's storage until they expire.
 */
export function createBrowserImpl(options: BrowserSiwxOptions, context: SiwxContext) {
  /** Nonces this page put in a message and nobody has signed in with yet. */
  const issued = new Set<string>()
  const read = () => context.storage.read(SIWX_SESSIONS_KEY, everyOf(sessionValidator)) ?? []
  const write = (sessions: readonly SiwxSession[]) => {
    if (sessions.length === 0) context.storage.remove(SIWX_SESSIONS_KEY)
    else context.storage.write(SIWX_SESSIONS_KEY, sessions)
  }

  async function verifySignature(session: SiwxSession): Promise<boolean> {
    if (options.verify) return options.verify(session)
    const { chainId, accountAddress } = session.data
    // Other namespaces have no verifier in the browser yet: their wallet's word is taken.
    if (!chainId.startsWith('eip155:')) return true
    const { createPublicClient, http, verifyMessage } = await import('viem')
    const rpc = context.networks.find((n) => n.id === chainId)?.rpcUrls.http[0]
    const parameters = {
      address: accountAddress as `0x${string}`,
      message: session.message,
      signature: session.signature as `0x${string}`,
    }
    try {
      if (!rpc) return await verifyMessage(parameters)
      const client = createPublicClient({ transport: http(rpc, { fetchFn: context.fetch }) })
      return await client.verifyMessage(parameters)
    } catch {
      return false
    }
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
      // What the wallet signed must be the fields kept: the text is made again from them.
      if (
        !session.cacao &&
        (await createSignInMessage(session.data)).toString() !== session.message
      ) {
        throw refused('the message does not match its fields')
      }
      if (!(await verifySignature(session))) throw refused('the signature does not match')
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
      // Expired sessions are dropped as they are met.
      if (live.length !== all.length) write(live)
      return live.filter((s) => isSessionFor(s, chainId, address))
    },
  }
}
