import { json } from '../reply.js'
import type { RouteModule } from '../services.js'

/** `GET /v1/supported-chains`: the configured chains, for both transports. */
export const supportedChainsRoutes: RouteModule = (services) => [
  {
    method: 'GET',
    path: '/v1/supported-chains',
    handle() {
      const ids = services.chains.map((chain) => chain.caipNetworkId)
      return json({ http: ids, ws: [...ids] })
    },
  },
]
