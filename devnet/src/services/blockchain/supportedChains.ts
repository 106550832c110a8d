import { json } from '../api/reply.js'
import type { RouteModule } from '../api/services.js'

/**
 * `GET /v1/supported-chains`: the configured EVM chains and the Solana chain, for both
 * transports (the Solana RPC answers subscriptions on its port too).
 */
export const supportedChainsRoutes: RouteModule = (services) => [
  {
    method: 'GET',
    path: '/v1/supported-chains',
    handle() {
      const ids = [
        ...services.chains.map((chain) => chain.caipNetworkId),
        services.info().solana.caipNetworkId,
      ]
      return json({ http: ids, ws: [...ids] })
    },
  },
]
