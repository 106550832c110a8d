import { PorticoError } from '../kit.js'
import { buildMessageData, checkMessageData } from './message.js'
import { sameAddress } from './session.js'
import type { SiweConfig, SiwxConfig, SiwxSession } from './types.js'

/**
 * The legacy `siweConfig` as a SIWX configuration: its nonce, message text, verification and
 * session calls behind the SIWX ones. It knows one session (`getSession`), on eip155 only.
 */
export function siweToSiwx(
  siwe: SiweConfig,
  page: { domain: string | undefined; uri: string | undefined; now(): number },
): SiwxConfig {
  async function signOut() {
    await siwe.signOut()
    siwe.onSignOut?.()
  }
  async function addSession(session: SiwxSession) {
    const { message, signature, cacao } = session
    if (!(await siwe.verifyMessage({ message, signature, ...(cacao ? { cacao } : {}) }))) {
      throw new PorticoError('INVALID_INPUT', 'The sign-in was refused by the app')
    }
    siwe.onSignIn?.((await siwe.getSession()) ?? undefined)
  }
  return {
    async createMessage({ accountAddress, chainId }) {
      const params = (await siwe.getMessageParams?.()) ?? {}
      const nonce = await siwe.getNonce(accountAddress)
      const data = buildMessageData({
        accountAddress,
        chainId,
        nonce,
        now: page.now(),
        domain: params.domain ?? page.domain,
        uri: params.uri ?? page.uri,
        options: { statement: params.statement, resources: params.resources },
      })
      // The legacy config sets the dates itself, or none.
      delete data.expirationTime
      if (params.exp) data.expirationTime = params.exp
      if (params.nbf) data.notBefore = params.nbf
      checkMessageData(data)
      const text = siwe.createMessage({
        address: `${chainId}:${accountAddress}`,
        chainId: Number(chainId.split(':')[1]),
        nonce,
        domain: data.domain,
        uri: data.uri,
        version: '1',
        iat: data.issuedAt,
        exp: data.expirationTime,
        nbf: data.notBefore,
        statement: data.statement,
        resources: data.resources,
      })
      return { data, toString: () => text }
    },
    addSession,
    async getSessions(chainId, address) {
      const session = await siwe.getSession()
      if (!session || `eip155:${session.chainId}` !== chainId) return []
      if (!sameAddress(chainId, session.address, address)) return []
      // The legacy session holds no message: what the client needs to know it is there.
      return [
        {
          data: {
            accountAddress: session.address,
            chainId,
            domain: page.domain ?? '',
            uri: page.uri ?? '',
            version: '1',
            nonce: 'legacysession',
            issuedAt: new Date(page.now()).toISOString(),
          },
          message: '',
          signature: '',
        },
      ]
    },
    revokeSession: () => signOut(),
    async setSessions(sessions) {
      if (sessions.length === 0) await signOut()
      for (const session of sessions) await addSession(session)
    },
    getRequired: () => siwe.required ?? true,
    signOutOnDisconnect: siwe.signOutOnDisconnect ?? true,
  }
}
