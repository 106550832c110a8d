import type { CaipAddress, CaipNetworkId } from '../caip/index.js'
import { lazySiwx, type SiwxBaseOptions } from './lazy.js'
import type { SiwxMessageOptions } from './message.js'
import type { createServerImpl } from './serverImpl.js'
import type { SiwxConfig } from './types.js'

/** A session as the sign-in server sees it (its answer to `me`). */
export type SiwxServerSession = {
  address: string
  chainId: CaipNetworkId
  caipAddress: CaipAddress
  /** ISO 8601. */
  expiresAt: string
  accountType?: 'eoa' | 'smartAccount'
  via?: 'message' | 'cacao'
  signedInAt?: string
  domain?: string
  uri?: string
  origin?: string
}

export type ServerSiwxOptions = SiwxBaseOptions &
  SiwxMessageOptions & {
    /**
     * The base URL of the sign-in routes (`nonce`, `authenticate`, `me`, `sign-out`); by
     * default `<apiUrls.toolkit>/auth/v1`, called with the project id.
     */
    url?: string
  }

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
  return lazySiwx<ReturnType<typeof createServerImpl>>(
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
