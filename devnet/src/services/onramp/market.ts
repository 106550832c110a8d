import { DEFAULT_FIAT_USD } from './config.js'
import { OnrampInputError, type QuoteRequest } from './parse.js'
import type { QuoteInputs } from './quote.js'
import type { OnrampServiceOptions } from './types.js'

/** What a quote is computed from, read now: the asset's, ETH's and the fiat's USD prices, gas. */
export async function readQuoteInputs(
  options: Pick<OnrampServiceOptions, 'readers' | 'pricing' | 'prices'>,
  request: Omit<QuoteRequest, 'amountCents'>,
): Promise<QuoteInputs> {
  const reader = options.readers.get(request.network.chainId)
  if (!reader) throw new OnrampInputError(`no devnet chain ${request.network.chainId}`)
  const [market, gasPriceWei] = await Promise.all([
    options.pricing?.snapshot(request.network.chainId) ?? { price: options.prices.get },
    reader.client.getGasPrice(),
  ])
  return {
    assetUsd: market.price(request.asset.symbol) ?? 0,
    ethUsd: market.price('ETH') ?? 0,
    fiatUsd: options.prices.get(request.fiat) ?? DEFAULT_FIAT_USD[request.fiat],
    gasPriceWei,
  }
}
