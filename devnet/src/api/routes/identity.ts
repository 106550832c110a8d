import { requireAddress } from '../params.js'
import { json } from '../reply.js'
import type { RouteModule } from '../services.js'

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
