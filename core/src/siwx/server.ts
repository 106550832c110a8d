import type { CaipNetworkId } from '../caip/index.js'
import { deferredSiwx } from './deferred.js'
import type { createServerImpl } from './serverImpl.js'
import type { ServerSiwxOptions, SiwxConfig, SiwxServerSession } from './types.js'

/** The server-backed configuration, with what an app needs for its own calls. */
export type ServerSiwx = SiwxConfig & {
  /** The account's token, to send to the app's backend as `Authorization: Bearer …`. */
  getToken(chainId: CaipNetworkId, address: string): Promise<string | undefined>
  /** The server's answer to `me` for the account, or undefined when it is signed out. */
  me(chainId: CaipNetworkId, address: string): Promise<SiwxServerSession | undefined>
}

/**
 * Sign-in checked by a server: nonces from it, each signed message verified by it (domain,
 * nonce, expiry, chain, signature, smart accounts included), sessions as tokens it issued and
 * can revoke. Its code loads on first use.
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
