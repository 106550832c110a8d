import { isAddressEqual, isHex, verifyMessage } from 'viem'
import type { Address } from '../../chains/evm/types.js'
import { HttpError, json } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import { requireAddress } from '../api/params.js'
import {
  EVM_COIN_TYPE,
  isRegistrableName,
  MESSAGE_MAX_SKEW_SECONDS,
  PROFILE_ZONE,
  parseRegistrationMessage,
  suggestNames,
  toProfileAccount,
} from './profile.js'
import type { NameRegistry } from './registry.js'

const ZONE = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/
const LABEL_CHARACTERS = /^[a-z0-9-]+$/

/**
 * The profile (account name) endpoints, backed by the devnet's name registry:
 * - `GET /v1/profile/account/{name}`: the record, or 404;
 * - `GET /v1/profile/reverse/{address}`: the address's records, most recent first;
 * - `GET /v1/profile/suggestions/{name}?zone=reown.id`: the name, then free variants if taken;
 * - `POST /v1/profile/account` `{ coin_type, address, message, signature }`: registers the name
 *   the signed message binds to the address.
 * `apiVersion` is accepted and ignored: the answers are always version 2's shapes.
 */
export const profileRoutes = (names: NameRegistry): Route[] => [
  {
    method: 'GET',
    path: '/v1/profile/account/:name',
    handle({ params }) {
      const record = names.resolve(params.name ?? '')
      if (!record) throw new HttpError(404, 'name not found')
      return json(toProfileAccount(record))
    },
  },
  {
    method: 'GET',
    path: '/v1/profile/reverse/:address',
    handle({ params }) {
      const address = requireAddress(params.address)
      // The registry keeps registration order; the newest comes first here.
      const records = names
        .all()
        .filter((record) => record.address === address)
        .reverse()
      return json(records.map(toProfileAccount))
    },
  },
  {
    method: 'GET',
    path: '/v1/profile/suggestions/:name',
    handle({ params, query }) {
      const zone = (query.get('zone') || PROFILE_ZONE).toLowerCase()
      if (!ZONE.test(zone)) throw new HttpError(400, 'invalid zone')
      let label = (params.name ?? '').toLowerCase()
      if (label.endsWith(`.${zone}`)) label = label.slice(0, -zone.length - 1)
      if (!LABEL_CHARACTERS.test(label)) throw new HttpError(400, 'invalid name')
      const suggestions = suggestNames(label, zone, (name) => !!names.resolve(name))
      return json({ suggestions })
    },
  },
  {
    method: 'POST',
    path: '/v1/profile/account',
    async handle({ body }) {
      if (typeof body !== 'object' || body === null) {
        throw new HttpError(400, 'expected { coin_type, address, message, signature }')
      }
      const { coin_type, address, message, signature } = body as Record<string, unknown>
      if (Number(coin_type) !== EVM_COIN_TYPE) throw new HttpError(400, 'unsupported coin_type')
      const owner = requireAddress(typeof address === 'string' ? address : null)
      if (typeof message !== 'string') throw new HttpError(400, 'invalid message')

      let signed: ReturnType<typeof parseRegistrationMessage>
      try {
        signed = parseRegistrationMessage(message)
      } catch (error) {
        throw new HttpError(400, (error as Error).message)
      }
      if (!isRegistrableName(signed.name)) throw new HttpError(400, 'invalid name')
      if (!sameAddress(signed.address, owner)) throw new HttpError(400, 'address mismatch')
      // The server's clock (Date.now), as the SDK's timestamp comes from the browser's.
      const skew = Math.abs(signed.timestamp - Date.now() / 1000)
      if (skew > MESSAGE_MAX_SKEW_SECONDS) throw new HttpError(400, 'timestamp out of range')
      if (!(await signedBy(owner, message, signature))) {
        throw new HttpError(401, 'invalid signature')
      }

      const name = signed.name.toLowerCase()
      const holder = names.resolve(name)
      if (holder && holder.address !== owner) throw new HttpError(409, 'name taken')
      const { avatar, ...attributes } = signed.attributes ?? {}
      names.register(name, owner, {
        primary: true,
        attributes,
        ...(avatar !== undefined ? { avatar } : {}),
      })
      return json({ success: true })
    },
  },
]

function sameAddress(text: string, address: Address): boolean {
  try {
    return isAddressEqual(text as Address, address)
  } catch {
    return false
  }
}

/** EIP-191 (`personal_sign`) of the exact message string, by the address's key. */
async function signedBy(address: Address, message: string, signature: unknown) {
  if (typeof signature !== 'string' || !isHex(signature)) return false
  try {
    return await verifyMessage({ address, message, signature })
  } catch {
    return false
  }
}
