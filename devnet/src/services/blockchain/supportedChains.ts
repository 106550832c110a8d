import { json } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import type { BlockchainDeps } from './deps.js'

/**
 * `GET /v1/supported-chains`: the configured EVM chains and the Solana chain, for both
 * transports (the Solana RPC answers subscriptions on its port too).
 */
export const supportedChainsRoutes = (deps: BlockchainDeps): Route[] => [
  {
    method: 'GET',
    path: '/v1/supported-chains',
    handle() {
      const ids = [
        ...deps.chains.map((chain) => chain.caipNetworkId),
        deps.solana.info.caipNetworkId,
      ]
      return json({ http: ids, ws: [...ids] })
    },
  },
]
