import { isAddress } from 'viem'
import { NATIVE_CURRENCY, NATIVE_TOKEN_ADDRESS } from '../../chains/evm/constants.js'
import { HttpError, json } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import { imageUrl } from '../api/params.js'
import type { PriceSnapshot } from '../swap/pricing.js'
import type { BlockchainDeps } from './deps.js'

type Fungible = {
  /** The CAIP-10 address as asked. */
  address: string
  name: string
  symbol: string
  iconUrl: string
  price: number
  decimals: number
}

/**
 * `POST /v1/fungible/price` `{ currency, addresses: ['eip155:31337:0x…'] }`: name, symbol and
 * decimals read from each contract, the price from the chain's pools (pinned prices and the price
 * table for tokens without a pool, see `swap/pricing.ts`). The 0xeee…e placeholder stands for
 * the native token. Addresses that are not ERC-20s on a supported chain, or that have no price,
 * are left out, as the hosted API does.
 */
export const fungiblePriceRoutes = (deps: BlockchainDeps): Route[] => [
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
      const snapshots = new Map<number, Promise<PriceSnapshot>>()
      const snapshot = (chainId: number) => {
        let taken = snapshots.get(chainId)
        if (!taken) {
          taken = deps.pricing.snapshot(chainId)
          snapshots.set(chainId, taken)
        }
        return taken
      }
      const push = async (
        caip: string,
        chainId: number,
        token: { name: string; symbol: string; decimals: number },
      ) => {
        const price = (await snapshot(chainId)).price(token.symbol)
        if (price === undefined) return
        const { name, symbol, decimals } = token
        fungibles.push({ address: caip, name, symbol, iconUrl: icon(symbol), price, decimals })
      }

      for (const caip of addresses as string[]) {
        const [namespace, reference, address, ...rest] = caip.split(':')
        const chainId = Number(reference)
        const reader = deps.readers.get(chainId)
        if (namespace !== 'eip155' || rest.length > 0 || !reader) continue
        if (!address || !isAddress(address)) continue
        if (address.toLowerCase() === NATIVE_TOKEN_ADDRESS) {
          await push(caip, chainId, NATIVE_CURRENCY)
          continue
        }
        const [metadata] = await reader.readMetadata([address])
        if (metadata) await push(caip, chainId, metadata)
      }
      return json({ fungibles })
    },
  },
]
