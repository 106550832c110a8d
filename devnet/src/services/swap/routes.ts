import type { Address } from 'viem'
import type { EvmChains } from '../../chains/evm/start.js'
import { json, type Reply } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import { imageUrl } from '../api/params.js'
import { createSwapService, SwapError } from './convert.js'
import {
  type AssetRef,
  ParamError,
  parseAccount,
  parseAmount,
  parseAsset,
  parseChainId,
  parseFlag,
  parseGasPrice,
  parseSlippage,
} from './params.js'

/**
 * A refused conversion request, in both shapes an SDK may read: the devnet's `{ error }` and the
 * hosted service's `{ status: 'FAILED', reasons: [{ field, description }] }` (AppKit looks for
 * "insufficient liquidity" in `reasons[0].description`).
 */
function convertError(message: string, status = 400): Reply {
  return json(
    { error: message, status: 'FAILED', reasons: [{ field: '', description: message }] },
    status,
  )
}

const SWAPS_UNSUPPORTED = 'Network not supported for Swaps'
const GAS_PRICE_UNSUPPORTED = 'Network not supported for Gas Price'

/**
 * `/v1/convert/*`: the swap API of the hosted Blockchain API, answered by Uniswap V2 on the
 * devnet chains (see `swap/service.ts`). Shapes follow the hosted service field for field;
 * devnet/README.md lists them. Every refusal is a 400 with `convertError`'s body; a chain the
 * API does not serve (the unlisted one, any other id) is 'Network not supported for Swaps'
 * ('… for Gas Price' for the gas price).
 */
export const convertRoutes = (
  deps: Pick<EvmChains, 'chains' | 'readers' | 'tokens' | 'swap'>,
): Route[] => {
  const swaps = createSwapService(deps)
  const supported = (chainId: number) => deps.chains.some((c) => c.chainId === chainId)

  /** A token on a chain the API serves, checked before anything else about the request. */
  function swappable(value: unknown, name: string): AssetRef {
    const asset = parseAsset(value, name)
    if (!supported(asset.chainId)) throw new SwapError(SWAPS_UNSUPPORTED)
    return asset
  }

  /** The other token of the pair, on the same chain. */
  function counterpart(value: unknown, name: string, from: AssetRef): AssetRef {
    const asset = parseAsset(value, name)
    if (asset.chainId !== from.chainId) {
      throw new ParamError('`from` and `to` chain IDs must have the same value')
    }
    return asset
  }

  const route = (
    method: Route['method'],
    path: string,
    handle: (context: Parameters<Route['handle']>[0]) => Promise<unknown>,
  ): Route => ({
    method,
    path,
    async handle(context) {
      try {
        return json(await handle(context))
      } catch (error) {
        if (error instanceof ParamError || error instanceof SwapError) {
          return convertError(error.message)
        }
        throw error
      }
    },
  })

  return [
    route('GET', '/v1/convert/tokens', async ({ query, baseUrl }) => {
      const chainId = parseChainId(query.get('chainId'))
      if (!supported(chainId)) throw new SwapError(SWAPS_UNSUPPORTED)
      const logo = (symbol: string) => imageUrl(baseUrl, '/public/getTokenImage', symbol, query)
      return { tokens: await swaps.listTokens(chainId, logo) }
    }),

    route('GET', '/v1/convert/quotes', async ({ query }) => {
      const from = swappable(query.get('from'), 'from')
      const to = counterpart(query.get('to'), 'to', from)
      const amount = parseAmount(query.get('amount'))
      // Neither changes the route: the pools pay what they pay. Checked, so a typo is noticed.
      parseGasPrice(query.get('gasPrice'))
      if (query.get('userAddress')) {
        parseAccount(query.get('userAddress'), from.chainId, 'userAddress', { plain: true })
      }
      const { amountOut } = await swaps.quote(from, to, amount)
      return {
        quotes: [
          {
            id: null,
            fromAmount: amount.toString(),
            fromAccount: query.get('from'),
            toAmount: amountOut.toString(),
            toAccount: query.get('to'),
          },
        ],
      }
    }),

    route('GET', '/v1/convert/allowance', async ({ query }) => {
      const token = swappable(query.get('tokenAddress'), 'tokenAddress')
      const user = parseAccount(query.get('userAddress'), token.chainId)
      return { allowance: (await swaps.allowance(token, user)).toString() }
    }),

    route('GET', '/v1/convert/gas-price', async ({ query }) => {
      const chainId = parseChainId(query.get('chainId'))
      if (!supported(chainId)) throw new SwapError(GAS_PRICE_UNSUPPORTED)
      const prices = await swaps.gasPrices(chainId)
      return {
        standard: prices.standard.toString(),
        fast: prices.fast.toString(),
        instant: prices.instant.toString(),
      }
    }),

    route('GET', '/v1/convert/build-approve', async ({ query }) => {
      const from = swappable(query.get('from'), 'from')
      const to = counterpart(query.get('to'), 'to', from)
      const amount = query.get('amount') ? parseAmount(query.get('amount')) : undefined
      if (query.get('userAddress')) {
        parseAccount(query.get('userAddress'), from.chainId, 'userAddress', { plain: true })
      }
      const { data, gasPrice } = await swaps.buildApprove(from, amount)
      return {
        tx: {
          // The token to approve, where the SDK sends this transaction (AppKit sends it to
          // `tx.from`). The hosted service fills `to` with the destination token its provider
          // was asked about; the devnet does the same, so an SDK cannot come to rely on it.
          from: query.get('from'),
          to: `eip155:${to.chainId}:${to.address.toLowerCase()}`,
          data,
          value: '0',
          eip155: { gasPrice: gasPrice.toString() },
        },
      }
    }),

    route('POST', '/v1/convert/build-transaction', async ({ body }) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new ParamError('the body must be a JSON object')
      }
      const fields = body as Record<string, unknown>
      const from = swappable(fields.from, 'from')
      const to = counterpart(fields.to, 'to', from)
      const amountIn = parseAmount(fields.amount)
      const user: Address = parseAccount(fields.userAddress, from.chainId)
      const slippage = parseSlippage(fields.eip155)
      const disableEstimate = parseFlag(fields.disableEstimate, 'disableEstimate')
      const built = await swaps.buildSwap({ from, to, user, amountIn, slippage, disableEstimate })
      return {
        tx: {
          from: `eip155:${from.chainId}:${built.from}`,
          to: `eip155:${from.chainId}:${built.to}`,
          data: built.data,
          // What the swap is expected to pay out, in the destination token's smallest units.
          amount: built.amountOut.toString(),
          eip155: { gas: built.gas.toString(), gasPrice: built.gasPrice.toString() },
        },
      }
    }),
  ]
}
