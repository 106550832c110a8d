import { evmService } from '../../chains/evm/service.js'
import { defineService } from '../../kernel/service.js'
import { pricesService } from '../prices/service.js'
import { swapService } from '../swap/service.js'
import { MELD_ENTRY_PATH } from './config.js'
import type { OnrampService, OnrampSession } from './onramp.js'
import type { OnrampQuote } from './quote.js'

/** What the on-ramp adds to the `Devnet` object. */
export type OnrampExposed = {
  /**
   * On-ramp checkout sessions (what `/__devnet/onramp/*` offers over HTTP): list them, and settle
   * one left `pending` by the processing test card, by delivering it (`complete`, resolves once
   * mined) or failing it.
   */
  onramp: {
    /** Newest first. */
    sessions(): OnrampSession[]
    session(id: string): OnrampSession | undefined
    complete(id: string): Promise<OnrampSession>
    fail(id: string, reason?: string): OnrampSession
    /** A quote while it is valid (5 minutes). */
    quote(quoteId: string): OnrampQuote | undefined
  }
}

/**
 * The SDK's on-ramp options for a devnet whose API server is at `apiUrl`: its Meld-like widget,
 * and its checkout's origin, which the SDK opens the provider window on only when the app lists
 * it (the SDK allows the providers' own origins by exact origin, and nothing else by default).
 */
export function devnetOnrampOptions(apiUrl: string): {
  meldUrl: string
  checkoutOrigins: string[]
} {
  return { meldUrl: `${apiUrl}${MELD_ENTRY_PATH}`, checkoutOrigins: [new URL(apiUrl).origin] }
}

/**
 * The on-ramp (`/v1/onramp/*`, the Coinbase and Meld flows): quotes at the pools' prices, a
 * checkout page with test cards, and purchases delivered by mined transfers from the deployer.
 */
export const onrampService = defineService({
  name: 'onramp',
  needs: [evmService, pricesService, swapService],
  async start(context) {
    const { createOnrampService } = await import('./onramp.js')
    const evm = context.use(evmService)
    const onramp: OnrampService = createOnrampService({
      chains: evm.chains,
      readers: evm.readers,
      tokens: evm.tokens,
      prices: context.use(pricesService),
      pricing: context.use(swapService).pricing,
      deployer: evm.deployer,
    })
    return { api: onramp }
  },
  expose: (onramp): OnrampExposed => ({
    onramp: {
      sessions: onramp.sessions,
      session: onramp.session,
      complete: onramp.complete,
      fail: onramp.fail,
      quote: onramp.getQuote,
    },
  }),
  vite: {
    // `onramp` of virtual:portico-devnet: `createPortico({ …, onramp })`.
    exports: ({ apiUrl }: { apiUrl: string }) => ({ onramp: devnetOnrampOptions(apiUrl) }),
  },
  async routes(onramp) {
    const { onrampRoutes } = await import('./routes.js')
    return onrampRoutes(onramp)
  },
})
