import { requireAddress } from '../api/params.js'
import { json } from '../api/reply.js'
import type { RouteModule } from '../api/services.js'

/** `GET /v1/identity/{address}`: the address's primary name and avatar from the name registry. */
export const identityRoutes: RouteModule = (services) => [
  {
    method: 'GET',
    path: '/v1/identity/:address',
    handle({ params }) {
      const record = services.names.reverse(requireAddress(params.address))
      return json({ name: record?.name ?? null, avatar: record?.avatar ?? null })
    },
  },
]
