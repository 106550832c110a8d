import type { SiwxServer } from '@portico/server'
import { evmService } from '../../chains/evm/service.js'
import { defineService } from '../../kernel/service.js'
import { projectService } from '../project/service.js'
import { SIWX_NON_EVM_CHAINS } from './constants.js'

export type SiwxOptions = {
  /**
   * The server clock of sign-in (nonce and message times, session expiry), in milliseconds;
   * `Date.now` by default. Tests pass a clock they can move.
   */
  clock?: () => number
}

/**
 * Sign-in with X (`/auth/v1/*`): `@portico/server` on the devnet's chains (EOAs, ERC-1271 and
 * ERC-6492 smart accounts, Solana and Bitcoin), for the project's origins.
 */
export const siwxService = defineService({
  name: 'siwx',
  needs: [evmService, projectService],
  async start(context, options: SiwxOptions) {
    const { createSiwxService } = await import('./siwx.js')
    const evm = context.use(evmService)
    const settings = context.use(projectService)
    const siwx: SiwxServer = createSiwxService({
      evmChains: new Map(
        evm.chains.flatMap((chain) => {
          const reader = evm.readers.get(chain.chainId)
          return reader ? [[chain.caipNetworkId, reader.client] as const] : []
        }),
      ),
      otherChains: SIWX_NON_EVM_CHAINS,
      allowedOrigins: () => settings.allowedOrigins,
      ...(options.clock ? { now: options.clock } : {}),
    })
    return { api: siwx }
  },
  async routes(siwx) {
    const { authRoutes } = await import('./routes.js')
    return authRoutes(siwx)
  },
})
