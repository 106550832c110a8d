import type { TokenBalance } from '../balances/types.js'
import {
  caipAccountId,
  caipNetworkId,
  decimalAmount,
  displayText,
  isRecord,
  nonNegativeNumber,
  object,
  TEXT_LIMITS,
  tokenDecimals,
} from '../kit.js'
import { toSafeImageUrl } from '../lazyKit.js'
import type { Validator } from '../storage/validators.js'

// Apart from the API's calls (`blockchain.ts`): the balances' cache reads its entries back
// through this check in the client's initial code, while the calls load with the features' lazy
// halves.

export const tokenName = displayText(TEXT_LIMITS.name)
export const tokenSymbol = displayText(TEXT_LIMITS.symbol)

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
