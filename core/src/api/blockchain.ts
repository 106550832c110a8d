import type { TokenBalance } from '../balances/types.js'
import { cleanAccountName, TEXT_LIMITS, toSafeImageUrl } from '../security/index.js'
import {
  arrayOf,
  caipAccountId,
  caipNetworkId,
  decimalAmount,
  displayText,
  isRecord,
  nonNegativeNumber,
  object,
  tokenDecimals,
  type Validator,
} from '../storage/validators.js'
import type { ApiClient, ApiRequestOptions } from './createApiClient.js'

const tokenName = displayText(TEXT_LIMITS.name)
const tokenSymbol = displayText(TEXT_LIMITS.symbol)

/**
 * One item of `/v1/account/{address}/balance` (and of the cache it is kept in); invalid items are
 * dropped, not rendered. Name and symbol are cleaned text (a token without a name shows its
 * symbol), the chain and contract are CAIP ids, amounts are bounded decimals, dollars are not
 * negative, the icon is a safe image URL or empty.
 */
export const tokenBalance: Validator<TokenBalance> = (value) => {
  const parsed = object(
    {
      symbol: tokenSymbol,
      chainId: caipNetworkId,
      value: nonNegativeNumber,
      price: nonNegativeNumber,
      quantity: object({ decimals: tokenDecimals, numeric: decimalAmount }),
    },
    { address: caipAccountId },
  )(value)
  if (!parsed || !isRecord(value)) return undefined
  // The contract must be on the item's own chain.
  if (parsed.address !== undefined && !parsed.address.startsWith(`${parsed.chainId}:`)) {
    return undefined
  }
  return {
    name: tokenName(value.name) ?? parsed.symbol,
    ...parsed,
    iconUrl: toSafeImageUrl(value.iconUrl) ?? '',
  }
}

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
