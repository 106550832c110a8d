import type { DevnetChain } from '../../chains/evm/types.js'
import { HttpError, json } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import { imageUrl, requireAddress } from '../api/params.js'
import { ONRAMP_PROVIDERS, type OnrampProvider } from '../onramp/config.js'
import { InvalidOnrampCursorError, onrampHistoryPage } from '../onramp/history.js'
import type { OnrampService } from '../onramp/onramp.js'
import type { PriceTable } from '../prices/priceTable.js'
import { createHistoryService, type HistoryServiceOptions, InvalidCursorError } from './history.js'
import type { SpamPlanter } from './spamNft.js'

/** What the history routes read: the chains, prices, on-ramp purchases, and the spam planter. */
export type HistoryDeps = HistoryServiceOptions & {
  unlistedChain: DevnetChain
  onramp: OnrampService
  prices: PriceTable
  plant: SpamPlanter
}

/**
 * `GET /v1/account/{address}/history`: the account's transactions on the configured chains,
 * indexed from mined blocks on each request, newest first, 20 a page (`cursor` ← `next`).
 * `chainId` (CAIP-2) keeps one chain. `onramp=coinbase` (what the hosted SDK sends) or
 * `onramp=meld` answers the account's purchases through that provider instead, with their
 * status (`pending`, `confirmed`, `failed`), so an SDK can poll until a purchase settles.
 *
 * `POST /__devnet/spam-nft` `{ to, chainId? }`: airdrops a spam NFT to `to` (control route).
 */
export const historyRoutes = (deps: HistoryDeps): Route[] => {
  const history = createHistoryService(deps)

  return [
    {
      method: 'GET',
      path: '/v1/account/:address/history',
      async handle({ params, query, baseUrl }) {
        const account = requireAddress(params.address)
        const caip = query.get('chainId')
        let chainIds: number[] | undefined
        if (caip) {
          const chain = deps.chains.find((c) => c.caipNetworkId === caip)
          if (!chain) throw new HttpError(400, `unsupported chainId ${caip}`)
          chainIds = [chain.chainId]
        }
        const onramp = query.get('onramp')
        if (onramp) {
          if (!(ONRAMP_PROVIDERS as readonly string[]).includes(onramp)) {
            throw new HttpError(
              400,
              `unsupported onramp ${JSON.stringify(onramp.slice(0, 40))}: expected ${ONRAMP_PROVIDERS.join(' or ')}`,
            )
          }
          try {
            return json(
              onrampHistoryPage(deps.onramp.purchases(), {
                provider: onramp as OnrampProvider,
                account,
                ...(chainIds ? { chainIds } : {}),
                cursor: query.get('cursor'),
                tokenIcon: (symbol) => imageUrl(baseUrl, '/public/getTokenImage', symbol, query),
                price: (symbol) => deps.prices.get(symbol) ?? 0,
              }),
            )
          } catch (error) {
            if (error instanceof InvalidOnrampCursorError) throw new HttpError(400, error.message)
            throw error
          }
        }
        try {
          return json(
            await history.page(account, {
              ...(chainIds ? { chainIds } : {}),
              cursor: query.get('cursor'),
              tokenIcon: (symbol) => imageUrl(baseUrl, '/public/getTokenImage', symbol, query),
              nftImage: (symbol) => imageUrl(baseUrl, '/public/getAssetImage', symbol, query),
            }),
          )
        } catch (error) {
          if (error instanceof InvalidCursorError) throw new HttpError(400, error.message)
          throw error
        }
      },
    },
    {
      method: 'POST',
      path: '/__devnet/spam-nft',
      kind: 'control',
      async handle({ body }) {
        const { to, chainId } = (typeof body === 'object' && body !== null ? body : {}) as Record<
          string,
          unknown
        >
        const recipient = requireAddress(typeof to === 'string' ? to : null, 'to')
        const id = typeof chainId === 'string' ? Number(chainId.replace(/^eip155:/, '')) : chainId
        if (id !== undefined && (typeof id !== 'number' || !Number.isSafeInteger(id))) {
          throw new HttpError(400, 'expected { to: address, chainId?: number }')
        }
        const known = [...deps.chains, deps.unlistedChain]
        if (id !== undefined && !known.some((c) => c.chainId === id)) {
          throw new HttpError(400, `no devnet chain ${id}`)
        }
        return json(await deps.plant(recipient, id))
      },
    },
  ]
}
