import {
  arrayOf,
  caipNetworkId,
  cleanAccountName,
  isRecord,
  nonNegativeNumber,
  object,
} from '../kit.js'
import { toSafeImageUrl } from '../lazyKit.js'
import type { Validator } from '../storage/validators.js'
import { tokenBalance, tokenName, tokenSymbol } from './tokenBalance.js'
import type { ApiClient, ApiRequestOptions } from './types.js'

export { tokenBalance }

export type SupportedChains = { http: string[]; ws: string[] }
/** `v1/supported-chains`: lists of CAIP-2 ids; anything else in them is dropped. */
export const supportedChains: Validator<SupportedChains> = (value) => {
  if (!isRecord(value)) return undefined
  const http = arrayOf(caipNetworkId)(value.http)
  const ws = arrayOf(caipNetworkId)(value.ws) ?? []
  return http ? { http, ws } : undefined
}

export type Identity = { name: string | null; avatar: string | null }
/**
 * `v1/identity/{address}` (and the cache it is kept in): a name is an account name
 * (`vitalik.eth`) or null, an avatar a safe image URL or null. A name of the wrong type, or text
 * that is no account name (`"null"`, what a body of swapped types carries), refuses the answer.
 */
export const identity: Validator<Identity> = (value) => {
  if (!isRecord(value)) return undefined
  const name = value.name === null || value.name === undefined ? null : cleanAccountName(value.name)
  if (name === undefined) return undefined
  const avatar = value.avatar
  if (!(avatar === null || avatar === undefined || typeof avatar === 'string')) return undefined
  return { name, avatar: toSafeImageUrl(avatar) ?? null }
}

export type FungiblePrice = { name: string; symbol: string; iconUrl: string; price: number }

const fungiblePrice: Validator<FungiblePrice> = (value) => {
  const parsed = object({ symbol: tokenSymbol, price: nonNegativeNumber })(value)
  if (!parsed || !isRecord(value)) return undefined
  return {
    name: tokenName(value.name) ?? parsed.symbol,
    ...parsed,
    iconUrl: toSafeImageUrl(value.iconUrl) ?? '',
  }
}

const listOf =
  <T>(key: string, item: Validator<T>): Validator<T[]> =>
  (value) =>
    isRecord(value) ? arrayOf(item)(value[key]) : undefined

/** The Blockchain data API endpoints of spec §7 that every feature shares. */
export function createBlockchainApi(api: ApiClient) {
  return {
    getSupportedChains: (options?: ApiRequestOptions) =>
      api.get('v1/supported-chains', {}, supportedChains, options),

    getTokenBalances: (
      parameters: { address: string; chainId: string; forceUpdate?: boolean },
      options?: ApiRequestOptions,
    ) =>
      api.get(
        `v1/account/${encodeURIComponent(parameters.address)}/balance`,
        {
          currency: 'usd',
          chainId: parameters.chainId,
          forceUpdate: parameters.forceUpdate ? 'true' : undefined,
        },
        listOf('balances', tokenBalance),
        options,
      ),

    getIdentity: (parameters: { address: string; sender?: string }, options?: ApiRequestOptions) =>
      api.get(
        `v1/identity/${encodeURIComponent(parameters.address)}`,
        { sender: parameters.sender },
        identity,
        options,
      ),

    getFungiblePrices: (
      parameters: { addresses: readonly string[]; currency?: 'usd' },
      options?: ApiRequestOptions,
    ) =>
      api.post(
        'v1/fungible/price',
        {
          currency: parameters.currency ?? 'usd',
          addresses: parameters.addresses,
          projectId: api.projectId,
        },
        listOf('fungibles', fungiblePrice),
        options,
      ),
  }
}

export type BlockchainApi = ReturnType<typeof createBlockchainApi>
