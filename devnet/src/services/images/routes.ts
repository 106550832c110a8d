import { errorReply, svgReply } from '../api/reply.js'
import type { Route } from '../api/router.js'
import type { RouteModule } from '../api/services.js'
import { initialsSvg } from './svg.js'

/**
 * The image routes. Wallet images exist only for the listing's image ids (404 otherwise); asset,
 * currency and token images are drawn for any id (a symbol such as USDC, a currency code).
 */
export const imageRoutes: RouteModule = (services) => {
  const walletsByImage = new Map(services.wallets.map((wallet) => [wallet.image_id, wallet]))
  const anyId = (path: string): Route => ({
    method: 'GET',
    path: `${path}/:id`,
    handle: ({ params }) => svgReply(initialsSvg(params.id ?? '?')),
  })
  return [
    {
      method: 'GET',
      path: '/getWalletImage/:id',
      handle({ params }) {
        const wallet = walletsByImage.get(params.id ?? '')
        if (!wallet) return errorReply(404, `no wallet image ${params.id}`)
        return svgReply(initialsSvg(wallet.name, wallet.id))
      },
    },
    anyId('/public/getAssetImage'),
    anyId('/public/getCurrencyImage'),
    anyId('/public/getTokenImage'),
  ]
}
