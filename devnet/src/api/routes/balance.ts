import type { TokenBalance } from '@portico/core'
import { formatUnits } from 'viem'
import type { Holding } from '../../chain/reader.js'
import { imageUrl, requireAddress, requireChain } from '../params.js'
import { HttpError, json } from '../reply.js'
import type { RouteModule } from '../services.js'

/** The answer's item: the SDK's own type, so the two cannot drift apart. */
export type { TokenBalance }

/**
 * `GET /v1/account/{address}/balance`: the native balance and every devnet token, read live from
 * the chain (one multicall), valued at the chain's pool prices (pinned prices and the price
 * table for tokens without a pool, see `swap/pricing.ts`). Empty holdings are left out;
 * `forceUpdate` is accepted and has nothing to do, since nothing is cached.
 */
export const balanceRoutes: RouteModule = (services) => [
  {
    method: 'GET',
    path: '/v1/account/:address/balance',
    async handle({ params, query, baseUrl }) {
      const owner = requireAddress(params.address)
      const currency = query.get('currency')
      if (currency && currency.toLowerCase() !== 'usd') {
        throw new HttpError(400, `unsupported currency ${currency}`)
      }
      const reader = requireChain(services, query.get('chainId'))
      const chain = reader.chain
      const tokens = services.tokens[chain.chainId]
      const addresses = tokens ? [tokens.usdc, tokens.ptk, tokens.usdt, tokens.junk] : []
      const [holdings, prices] = await Promise.all([
        reader.readHoldings(owner, addresses),
        services.pricing.snapshot(chain.chainId),
      ])

      const balances = holdings
        .filter((holding) => holding.amount > 0n)
        .map((holding) => toTokenBalance(holding, chain.caipNetworkId))
        .sort((a, b) => b.value - a.value)
      return json({ balances })

      function toTokenBalance(holding: Holding, chainId: string): TokenBalance {
        const numeric = formatUnits(holding.amount, holding.decimals)
        const price = prices.price(holding.symbol) ?? 0
        return {
          name: holding.name,
          symbol: holding.symbol,
          chainId,
          ...(holding.address ? { address: `${chainId}:${holding.address}` } : {}),
          value: Number(numeric) * price,
          price,
          quantity: { decimals: String(holding.decimals), numeric },
          iconUrl: imageUrl(baseUrl, '/public/getTokenImage', holding.symbol, query),
        }
      }
    },
  },
]
