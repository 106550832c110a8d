import type { TokenBalance } from '@portico/core'
import { formatUnits } from 'viem'
import { BITCOIN_DEVNET_CAIP_NETWORK_ID, BITCOIN_NATIVE_CURRENCY } from '../../bitcoin/network.js'
import { BitcoinRejection, parseAddress } from '../../bitcoin/parse.js'
import type { Holding } from '../../chain/reader.js'
import { imageUrl, requireAddress, requireChain } from '../params.js'
import { HttpError, json } from '../reply.js'
import type { RouteModule } from '../services.js'

/** The answer's item: the SDK's own type, so the two cannot drift apart. */
export type { TokenBalance }

/**
 * `GET /v1/account/{address}/balance`: the native balance and every devnet token, read live from
 * the chain (one multicall), valued with the price table. Empty holdings are left out;
 * `forceUpdate` is accepted and has nothing to do, since nothing is cached. With the Bitcoin
 * chain's id (or no chainId and a Bitcoin address) it answers the address's BTC instead.
 */
export const balanceRoutes: RouteModule = (services) => {
  return [
    {
      method: 'GET',
      path: '/v1/account/:address/balance',
      async handle({ params, query, baseUrl }) {
        const currency = query.get('currency')
        if (currency && currency.toLowerCase() !== 'usd') {
          throw new HttpError(400, `unsupported currency ${currency}`)
        }
        const chainId = query.get('chainId')
        if (
          chainId === BITCOIN_DEVNET_CAIP_NETWORK_ID ||
          (!chainId && isBitcoinAddress(params.address))
        ) {
          return json({ balances: bitcoinBalance(params.address, baseUrl, query) })
        }
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

        function toTokenBalance(holding: Holding, chainId: string): TokenBalance {
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

  /**
   * A Bitcoin address's balance: the sum of its unspent outputs, mempool ones included (what a
   * wallet can spend now), as one native BTC item with 8 decimals; none when it holds nothing.
   */
  function bitcoinBalance(
    address: unknown,
    baseUrl: string,
    query: URLSearchParams,
  ): TokenBalance[] {
    let script: Uint8Array
    try {
      script = parseAddress(address).script
    } catch (error) {
      if (error instanceof BitcoinRejection) throw new HttpError(400, 'invalid address')
      throw error
    }
    const sats = services.bitcoin.ledger.utxos(script).reduce((sum, utxo) => sum + utxo.value, 0n)
    if (sats === 0n) return []
    const { name, symbol, decimals } = BITCOIN_NATIVE_CURRENCY
    const numeric = formatUnits(sats, decimals)
    const price = services.prices.get(symbol) ?? 0
    return [
      {
        name,
        symbol,
        chainId: BITCOIN_DEVNET_CAIP_NETWORK_ID,
        value: Number(numeric) * price,
        price,
        quantity: { decimals: String(decimals), numeric },
        iconUrl: imageUrl(baseUrl, '/public/getTokenImage', symbol, query),
      },
    ]
  }
}

function isBitcoinAddress(value: unknown): boolean {
  try {
    parseAddress(value)
    return true
  } catch {
    return false
  }
}
