import { cleanDisplayText, formatDecimal, isRecord, TEXT_LIMITS } from '../kit.js'
import { toSafeImageUrl } from '../lazyKit.js'
import type { TokenBalance } from './types.js'

/** One asset of an EIP-7811 `wallet_getAssets` answer (spec §3 "Asset response item"). */
export type WalletAsset = {
  address: string
  /** Raw amount as a hex or decimal string. */
  balance: string
  type: 'ERC20' | 'NATIVE'
  metadata: { name: string; symbol: string; decimals: number; price?: number; iconUrl?: string }
}

/** A raw amount fits a uint256: at most 64 hex digits or 78 decimal digits, and below 2^256. */
const MAX_RAW_AMOUNT = 2n ** 256n - 1n
const RAW_AMOUNT = /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/
/** An asset's address in the CAIP-10 account syntax (0x…, a Solana mint, 'native'). */
const ASSET_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/
/** Assets read from one answer: a wallet with more is not showing a list, it is flooding one. */
export const MAX_WALLET_ASSETS = 1_000

function isAsset(value: unknown): value is WalletAsset {
  if (!isRecord(value) || !isRecord(value.metadata)) return false
  const { address, balance, type, metadata } = value
  if (typeof address !== 'string' || typeof balance !== 'string') return false
  if (type !== 'ERC20' && type !== 'NATIVE') return false
  if (!ASSET_ADDRESS.test(address) || !RAW_AMOUNT.test(balance)) return false
  if (BigInt(balance) > MAX_RAW_AMOUNT) return false
  const { name, symbol, decimals, price, iconUrl } = metadata
  return (
    typeof name === 'string' &&
    typeof symbol === 'string' &&
    // A symbol is what a row shows: one with nothing visible in it is no symbol.
    cleanDisplayText(symbol, TEXT_LIMITS.symbol) !== undefined &&
    typeof decimals === 'number' &&
    Number.isInteger(decimals) &&
    decimals >= 0 &&
    decimals <= 255 &&
    (price === undefined || (typeof price === 'number' && Number.isFinite(price) && price >= 0)) &&
    (iconUrl === undefined || typeof iconUrl === 'string')
  )
}

/**
 * Spec §5: an asset response is valid only if every asset has a string address and balance, type
 * ERC20 or NATIVE, and metadata of the right types. One bad asset rejects the whole answer (the
 * API is asked instead). Bounded too: a balance that is no uint256, an address that is no
 * address, a symbol with nothing to show or more than 1 000 assets are not of the right type.
 */
export function parseWalletAssets(value: unknown, chainIdHex: string): WalletAsset[] | undefined {
  if (!isRecord(value)) return undefined
  const assets = value[chainIdHex]
  if (!Array.isArray(assets) || assets.length > MAX_WALLET_ASSETS || !assets.every(isAsset)) {
    return undefined
  }
  return assets
}

/** A wallet asset in the shape of the balance API's items. */
export function assetToTokenBalance(asset: WalletAsset, networkId: string): TokenBalance {
  const raw = BigInt(asset.balance)
  const numeric = formatDecimal(raw, asset.metadata.decimals)
  const price = asset.metadata.price ?? 0
  const symbol = cleanDisplayText(asset.metadata.symbol, TEXT_LIMITS.symbol) ?? '?'
  return {
    name: cleanDisplayText(asset.metadata.name, TEXT_LIMITS.name) ?? symbol,
    symbol,
    chainId: networkId,
    address: asset.type === 'NATIVE' ? undefined : `${networkId}:${asset.address}`,
    value: Number.isFinite(Number(numeric) * price) ? Number(numeric) * price : 0,
    price,
    quantity: { decimals: String(asset.metadata.decimals), numeric },
    iconUrl: toSafeImageUrl(asset.metadata.iconUrl) ?? '',
  }
}
