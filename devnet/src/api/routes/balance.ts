import type { TokenBalance } from '@portico/core'
import { type Address, isAddress as isSolanaAddress } from '@solana/kit'
import { formatUnits } from 'viem'
import type { Holding } from '../../chain/reader.js'
import { SOLANA_USDC } from '../../solana/constants.js'
import { readSolanaHoldings } from '../../solana/holdings.js'
import { imageUrl, requireAddress, requireChain } from '../params.js'
import { HttpError, json } from '../reply.js'
import type { RouteModule } from '../services.js'

/** The answer's item: the SDK's own type, so the two cannot drift apart. */
export type { TokenBalance }

/**
 * `GET /v1/account/{address}/balance`: the native balance and every devnet token, read live from
 * the chain (one multicall; on Solana, the ledger's accounts), valued with the price table. Empty
 * holdings are left out; `forceUpdate` is accepted and has nothing to do, since nothing is cached.
 * A `solana:` chainId takes a base58 address and answers SOL and the devnet's SPL tokens in the
 * same item shape, the token's `address` being its mint as a CAIP-10 address.
 */
export const balanceRoutes: RouteModule = (services) => [
  {
    method: 'GET',
    path: '/v1/account/:address/balance',
    async handle({ params, query, baseUrl }) {
      const currency = query.get('currency')
      if (currency && currency.toLowerCase() !== 'usd') {
        throw new HttpError(400, `unsupported currency ${currency}`)
      }
      const chainIdParam = query.get('chainId')
      if (chainIdParam?.startsWith('solana:'))
        return json({ balances: solanaBalances(chainIdParam) })
      const owner = requireAddress(params.address)
      const reader = requireChain(services, query.get('chainId'))
      const chain = reader.chain
      const tokens = services.tokens[chain.chainId]
      const addresses = tokens ? [tokens.usdc, tokens.ptk, tokens.usdt, tokens.junk] : []
      const holdings = await reader.readHoldings(owner, addresses)

      const balances = holdings
        .filter((holding) => holding.amount > 0n)
        .map((holding) => toTokenBalance(holding, chain.caipNetworkId))
        .sort((a, b) => b.value - a.value)
      return json({ balances })

      function solanaBalances(chainId: string): TokenBalance[] {
        const solana = services.info().solana
        if (chainId !== solana.caipNetworkId)
          throw new HttpError(400, `unsupported chainId ${chainId}`)
        const owner = params.address
        if (!owner || !isSolanaAddress(owner)) throw new HttpError(400, 'invalid address')
        const knownMints = new Map([[solana.mints.usdc, SOLANA_USDC]])
        return readSolanaHoldings(services.solana.ledger, owner as Address, knownMints)
          .filter((holding) => holding.amount > 0n)
          .map((holding) => toTokenBalance({ ...holding, address: holding.mint }, chainId))
          .sort((a, b) => b.value - a.value)
      }

      function toTokenBalance(
        holding: Pick<Holding, 'name' | 'symbol' | 'decimals' | 'amount'> & {
          address?: string | undefined
        },
        chainId: string,
      ): TokenBalance {
        const numeric = formatUnits(holding.amount, holding.decimals)
        const price = services.prices.get(holding.symbol) ?? 0
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
