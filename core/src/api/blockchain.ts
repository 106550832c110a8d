import type { TokenBalance } from '../balances/types.js'
import { isCaipAddress, isCaipNetworkId } from '../caip/index.js'
import { toSafeImageUrl } from '../security/index.js'
import {
  arrayOf,
  finiteNumber,
  isRecord,
  object,
  string,
  type Validator,
} from '../storage/validators.js'
import type { ApiClient, ApiRequestOptions } from './createApiClient.js'

const anyString: Validator<string> = (value) => (typeof value === 'string' ? value : undefined)
const digits: Validator<string> = (value) =>
  typeof value === 'string' && /^\d{1,3}$/.test(value) ? value : undefined
const decimalString: Validator<string> = (value) =>
  typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? value : undefined
const caipNetwork: Validator<string> = (value) => (isCaipNetworkId(value) ? value : undefined)
const caipAddress: Validator<string> = (value) => (isCaipAddress(value) ? value : undefined)

/** One item of `/v1/account/{address}/balance`; invalid items are dropped, not rendered. */
export const tokenBalance: Validator<TokenBalance> = (value) => {
  const parsed = object(
    {
      name: anyString,
      symbol: anyString,
      chainId: caipNetwork,
      value: finiteNumber,
      price: finiteNumber,
      quantity: object({ decimals: digits, numeric: decimalString }),
    },
    { address: caipAddress, iconUrl: anyString },
  )(value)
  if (!parsed) return undefined
  return { ...parsed, iconUrl: toSafeImageUrl(parsed.iconUrl) ?? '' }
}

export type SupportedChains = { http: string[]; ws: string[] }

const supportedChains: Validator<SupportedChains> = (value) => {
  if (!isRecord(value)) return undefined
  const http = arrayOf(string)(value.http)
  const ws = arrayOf(string)(value.ws) ?? []
  return http ? { http, ws } : undefined
}

export type Identity = { name: string | null; avatar: string | null }

const identity: Validator<Identity> = (value) => {
  if (!isRecord(value)) return undefined
  const name = value.name === null || value.name === undefined ? null : string(value.name)
  const avatar = value.avatar === null || value.avatar === undefined ? null : string(value.avatar)
  if (name === undefined || avatar === undefined) return undefined
  return { name, avatar: avatar === null ? null : (toSafeImageUrl(avatar) ?? null) }
}

export type FungiblePrice = { name: string; symbol: string; iconUrl: string; price: number }

const fungiblePrice: Validator<FungiblePrice> = (value) => {
  const parsed = object(
    { name: anyString, symbol: anyString, price: finiteNumber },
    { iconUrl: anyString },
  )(value)
  return parsed ? { ...parsed, iconUrl: toSafeImageUrl(parsed.iconUrl) ?? '' } : undefined
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
