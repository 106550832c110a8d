import type { CaipNetworkId } from '../caip/index.js'
import { deferredSiwx } from './deferred.js'
import type { createServerImpl } from './serverImpl.js'
import type { ServerSiwxOptions, SiwxConfig, SiwxServerSession } from './types.js'

/** The server-backed configuration, with what an app needs for its own calls. */
export type ServerSiwx = SiwxConfig & {
  /**
   * The account's token, to send to the app's backend as `Authorization: Bearer …`. Kept in this
   * page's memory only: undefined after a reload, when the server's HttpOnly cookie (if it sets
   * one) carries the session; call the backend with `credentials: 'include'` then.
   */
  getToken(chainId: CaipNetworkId, address: string): Promise<string | undefined>
  /** The server's answer to `me` for the account, or undefined when it is signed out. */
  me(chainId: CaipNetworkId, address: string): Promise<SiwxServerSession | undefined>
}

/**
 * Sign-in checked by a server: nonces from it, each signed message verified by it (domain,
 * nonce, expiry, chain, signature, smart accounts included), sessions as tokens it issued and
 * can revoke. The token stays in memory; every call includes credentials, so the server's
 * HttpOnly cookie restores the session after a reload (`me` is asked on start). Its code loads
 * on first use.
 *
 * @example createPortico({ …, siwx: createServerSiwx({ required: true }) })
 */
export function createServerSiwx(options: ServerSiwxOptions = {}): ServerSiwx {
  return deferredSiwx<ReturnType<typeof createServerImpl>>(
    options,
    [
      'createMessage',
      'addSession',
      'revokeSession',
      'setSessions',
      'getSessions',
      'getToken',
      'me',
    ],
    (context) => import('./serverImpl.js').then((m) => m.createServerImpl(options, context)),
  )
}
