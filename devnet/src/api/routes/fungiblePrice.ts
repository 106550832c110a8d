import { isAddress } from 'viem'
import { NATIVE_CURRENCY, NATIVE_TOKEN_ADDRESS } from '../../config/constants.js'
import { imageUrl } from '../params.js'
import { HttpError, json } from '../reply.js'
import type { RouteModule } from '../services.js'

type Fungible = { name: string; symbol: string; iconUrl: string; price: number }

/**
 * `POST /v1/fungible/price` `{ currency, addresses: ['eip155:31337:0x…'] }`: name and symbol read
 * from each contract, price from the price table. The 0xeee…e placeholder stands for the native
 * token. Addresses that are not ERC-20s on a supported chain, or whose symbol has no price, are
 * left out, as the hosted API does.
 */
export const fungiblePriceRoutes: RouteModule = (services) => [
  {
    method: 'POST',
    path: '/v1/fungible/price',
    async handle({ body, query, baseUrl }) {
      const { addresses, currency } = (body ?? {}) as { addresses?: unknown; currency?: unknown }
      if (!Array.isArray(addresses) || !addresses.every((a) => typeof a === 'string')) {
        throw new HttpError(400, 'addresses must be an array of CAIP-10 addresses')
      }
      if (currency !== undefined && String(currency).toLowerCase() !== 'usd') {
        throw new HttpError(400, `unsupported currency ${String(currency)}`)
      }

      const fungibles: Fungible[] = []
      const icon = (symbol: string) => imageUrl(baseUrl, '/public/getTokenImage', symbol, query)
      const push = (name: string, symbol: string) => {
        const price = services.prices.get(symbol)
        if (price !== undefined) fungibles.push({ name, symbol, iconUrl: icon(symbol), price })
      }

      for (const caip of addresses as string[]) {
        const [namespace, reference, address] = caip.split(':')
        const reader = services.readers.get(Number(reference))
        if (namespace !== 'eip155' || !reader || !address || !isAddress(address)) continue
        if (address.toLowerCase() === NATIVE_TOKEN_ADDRESS) {
          push(NATIVE_CURRENCY.name, NATIVE_CURRENCY.symbol)
          continue
        }
        const [metadata] = await reader.readMetadata([address])
        if (metadata) push(metadata.name, metadata.symbol)
      }
      return json({ fungibles })
    },
  },
]
