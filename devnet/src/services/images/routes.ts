import { svgReply } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import { initialsSvg } from './svg.js'

/**
 * Asset, currency and token images, drawn for any id (a symbol such as USDC, a currency code).
 * Wallet images come with the wallet listing (`wallets/listing`).
 */
export function imageRoutes(): Route[] {
  const anyId = (path: string): Route => ({
    method: 'GET',
    path: `${path}/:id`,
    handle: ({ params }) => svgReply(initialsSvg(params.id ?? '?')),
  })
  return [
    anyId('/public/getAssetImage'),
    anyId('/public/getCurrencyImage'),
    anyId('/public/getTokenImage'),
  ]
}
