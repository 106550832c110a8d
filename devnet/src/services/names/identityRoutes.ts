import { json } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import { requireAddress } from '../api/params.js'
import type { NameRegistry } from './registry.js'

/** `GET /v1/identity/{address}`: the address's primary name and avatar from the name registry. */
export const identityRoutes = (names: NameRegistry): Route[] => [
  {
    method: 'GET',
    path: '/v1/identity/:address',
    handle({ params }) {
      const record = names.reverse(requireAddress(params.address))
      return json({ name: record?.name ?? null, avatar: record?.avatar ?? null })
    },
  },
]
