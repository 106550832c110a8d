import type { ApiClient, ApiRequestOptions } from '../api/index.js'
import { cleanDisplayText, TEXT_LIMITS } from '../kit.js'
import type { Kit } from '../kitType.js'
import { toSafeImageUrl } from '../lazyKit.js'
import type { Validator } from '../storage/validators.js'

/**
 * The swap endpoints of the Blockchain API (`/v1/convert/*`, `/v1/fungible/price`) and the
 * validators of their answers. Everything from outside is checked before it is used: amounts
 * are whole numbers within a uint256, addresses EVM CAIP-10 ids, call data hex, names and
 * symbols cleaned text, logos safe image URLs.
 */

/** A token of `/v1/convert/tokens`. */
export type ApiSwapToken = {
  name: string
  symbol: string
  /** CAIP-10. */
  address: string
  decimals: number
  logoUri: string
}

/** A transaction of `/v1/convert/build-approve` or `/v1/convert/build-transaction`. */
export type ApiTransaction = {
  /** CAIP-10: the user for a swap; the token to approve for an approval (where it is sent). */
  from: string
  /** CAIP-10: the router for a swap; for an approval, not where it is sent (see buildApprove). */
  to: string
  data: string
  /** A swap's expected output in the target's smallest unit; absent for an approval. */
  amount: bigint | undefined
  gas: bigint | undefined
  gasPrice: bigint | undefined
}

export type GasPrices = { standard: bigint; fast: bigint; instant: bigint }

const MAX_UINT256 = 2n ** 256n - 1n

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A whole number as the API writes amounts: a decimal string (or a safe integer) within a uint256. */
export const uint256: Validator<bigint> = (value) => {
  const text =
    typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value
  if (typeof text !== 'string' || !/^\d{1,78}$/.test(text)) return undefined
  const parsed = BigInt(text)
  return parsed <= MAX_UINT256 ? parsed : undefined
}

/** Token decimals: a whole number from 0 to 255 (a uint8), as a number or a string. */
export const tokenDecimals: Validator<number> = (value) => {
  const parsed = uint256(value)
  return parsed !== undefined && parsed <= 255n ? Number(parsed) : undefined
}

/** Call data: `0x` and whole bytes of hex. */
export const hexData: Validator<string> = (value) =>
  typeof value === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(value) ? value : undefined

/** An EVM CAIP-10 address: `eip155:<chain id>:0x` and 40 hex digits. */
export const evmCaipAddress: Validator<string> = (value) =>
  typeof value === 'string' && /^eip155:[1-9]\d{0,31}:0x[0-9a-fA-F]{40}$/.test(value)
    ? value
    : undefined

/** A finite price not below zero. */
const price: Validator<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined

/** The items of `value[key]` that validate; undefined when it is not a list. */
function listOf<T>(value: unknown, key: string, item: Validator<T>): T[] | undefined {
  const list = isRecord(value) ? value[key] : undefined
  if (!Array.isArray(list)) return undefined
  return list.map(item).filter((entry): entry is T => entry !== undefined)
}

/** A token of the list: an EVM CAIP-10 address, decimals, a symbol; a name and a logo if any. */
export const swapToken: Validator<ApiSwapToken> = (value) => {
  if (!isRecord(value)) return undefined
  const symbol = cleanDisplayText(value.symbol, TEXT_LIMITS.symbol)
  const address = evmCaipAddress(value.address)
  const decimals = tokenDecimals(value.decimals)
  if (symbol === undefined || address === undefined || decimals === undefined) return undefined
  return {
    name: cleanDisplayText(value.name, TEXT_LIMITS.name) ?? symbol,
    symbol,
    address,
    decimals,
    logoUri: toSafeImageUrl(value.logoUri) ?? '',
  }
}

/** `{ tokens: [...] }`; invalid items are dropped. */
export const tokenList: Validator<ApiSwapToken[]> = (value) => listOf(value, 'tokens', swapToken)

/** `{ fungibles: [{ address, price }] }` as prices by lower-cased CAIP-10 address. */
export const priceList: Validator<Map<string, number>> = (value) => {
  const items = listOf(value, 'fungibles', (item) => {
    if (!isRecord(item)) return undefined
    const address = evmCaipAddress(item.address)
    const usd = price(item.price)
    return address === undefined || usd === undefined ? undefined : ([address, usd] as const)
  })
  return items && new Map(items.map(([address, usd]) => [address.toLowerCase(), usd]))
}

/** `{ quotes: [{ toAmount }] }`: the first quote's output; null when there is none. */
export const quoteAnswer: Validator<bigint | null> = (value) => {
  if (!isRecord(value) || !Array.isArray(value.quotes)) return undefined
  const first: unknown = value.quotes[0]
  if (first === undefined) return null
  return isRecord(first) ? uint256(first.toAmount) : undefined
}

/** `{ allowance }`. */
export const allowanceAnswer: Validator<bigint> = (value) =>
  isRecord(value) ? uint256(value.allowance) : undefined

/** `{ standard, fast, instant }` in wei. */
export const gasPriceAnswer: Validator<GasPrices> = (value) => {
  if (!isRecord(value)) return undefined
  const [standard, fast, instant] = [value.standard, value.fast, value.instant].map(uint256)
  return standard === undefined || fast === undefined || instant === undefined
    ? undefined
    : { standard, fast, instant }
}

/** `{ tx: { from, to, data, amount?, eip155?: { gas?, gasPrice? } } }`. */
export const transactionAnswer: Validator<ApiTransaction> = (value) => {
  const tx = isRecord(value) ? value.tx : undefined
  if (!isRecord(tx)) return undefined
  const from = evmCaipAddress(tx.from)
  const to = evmCaipAddress(tx.to)
  const data = hexData(tx.data)
  const eip155 = tx.eip155 === undefined ? {} : tx.eip155
  if (from === undefined || to === undefined || data === undefined || !isRecord(eip155)) {
    return undefined
  }
  // Absent is allowed (null here); present but not a whole number refuses the answer.
  const optional = (field: unknown) => (field === undefined ? null : uint256(field))
  const [amount, gas, gasPrice] = [tx.amount, eip155.gas, eip155.gasPrice].map(optional)
  if (amount === undefined || gas === undefined || gasPrice === undefined) return undefined
  return {
    from,
    to,
    data,
    amount: amount ?? undefined,
    gas: gas ?? undefined,
    gasPrice: gasPrice ?? undefined,
  }
}

/** The CAIP-2 id of a CAIP-10 address. */
export const chainOf = (caipAddress: string) => caipAddress.split(':').slice(0, 2).join(':')

/**
 * The swap endpoints, validated. The build calls refuse a chain that is not a swap network
 * before asking ('Network not supported for Swaps'), and the gas price likewise ('Network not
 * supported for Gas Price').
 */
export function createSwapApi(
  api: ApiClient,
  networks: ReadonlySet<string>,
  { PorticoError }: Pick<Kit, 'PorticoError'>,
) {
  const served = (chainId: string, code: 'SWAP' | 'GAS_PRICE') => {
    if (!networks.has(chainId)) throw new PorticoError(`${code}_NETWORK_NOT_SUPPORTED`)
  }
  return {
    getTokens: (chainId: string, options?: ApiRequestOptions) =>
      api.get('v1/convert/tokens', { chainId }, tokenList, options),

    getPrices: (addresses: readonly string[], options?: ApiRequestOptions) =>
      api.post(
        'v1/fungible/price',
        { currency: 'usd', addresses, projectId: api.projectId },
        priceList,
        options,
      ),

    getQuote: (
      parameters: {
        amount: bigint
        from: string
        to: string
        userAddress: string | undefined
        gasPrice: bigint
      },
      options?: ApiRequestOptions,
    ) =>
      api.get(
        'v1/convert/quotes',
        {
          amount: parameters.amount.toString(),
          userAddress: parameters.userAddress,
          from: parameters.from,
          to: parameters.to,
          gasPrice: parameters.gasPrice.toString(),
        },
        quoteAnswer,
        options,
      ),

    getAllowance: (
      parameters: { tokenAddress: string; userAddress: string },
      options?: ApiRequestOptions,
    ) => api.get('v1/convert/allowance', parameters, allowanceAnswer, options),

    async getGasPrice(chainId: string, options?: ApiRequestOptions) {
      served(chainId, 'GAS_PRICE')
      return api.get('v1/convert/gas-price', { chainId }, gasPriceAnswer, options)
    },

    /**
     * The approval of `amount` of `from` for the router. Its answer's `from` is the token, where
     * the transaction goes (the hosted service fills `to` with the other token).
     */
    async buildApprove(
      parameters: { from: string; to: string; userAddress: string; amount: bigint },
      options?: ApiRequestOptions,
    ) {
      served(chainOf(parameters.from), 'SWAP')
      return api.get(
        'v1/convert/build-approve',
        {
          userAddress: parameters.userAddress,
          from: parameters.from,
          to: parameters.to,
          amount: parameters.amount.toString(),
        },
        transactionAnswer,
        options,
      )
    },

    /** The swap of exactly `amount`, paying at least the quote less `slippage` percent. */
    async buildTransaction(
      parameters: {
        amount: bigint
        from: string
        to: string
        userAddress: string
        slippage: number
        disableEstimate: boolean
      },
      options?: ApiRequestOptions,
    ) {
      served(chainOf(parameters.from), 'SWAP')
      return api.post(
        'v1/convert/build-transaction',
        {
          projectId: api.projectId,
          amount: parameters.amount.toString(),
          from: parameters.from,
          to: parameters.to,
          userAddress: parameters.userAddress,
          eip155: { slippage: parameters.slippage },
          disableEstimate: parameters.disableEstimate,
        },
        transactionAnswer,
        options,
      )
    },
  }
}

export type SwapApi = ReturnType<typeof createSwapApi>
