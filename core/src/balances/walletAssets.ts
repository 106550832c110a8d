import { formatDecimal } from '../format/index.js'
import { toSafeImageUrl } from '../security/index.js'
import { isRecord } from '../storage/validators.js'
import type { TokenBalance } from './types.js'

/** One asset of an EIP-7811 `wallet_getAssets` answer (spec §3 "Asset response item"). */
export type WalletAsset = {
  address: string
  /** Raw amount as a hex or decimal string. */
  balance: string
  type: 'ERC20' | 'NATIVE'
  metadata: { name: string; symbol: string; decimals: number; price?: number; iconUrl?: string }
}

function isAsset(value: unknown): value is WalletAsset {
  if (!isRecord(value) || !isRecord(value.metadata)) return false
  const { address, balance, type, metadata } = value
  if (typeof address !== 'string' || typeof balance !== 'string') return false
  if (type !== 'ERC20' && type !== 'NATIVE') return false
  if (!/^(0x[0-9a-fA-F]+|\d+)$/.test(balance)) return false
  const { name, symbol, decimals, price, iconUrl } = metadata
  return (
    typeof name === 'string' &&
    typeof symbol === 'string' &&
    typeof decimals === 'number' &&
    Number.isInteger(decimals) &&
    decimals >= 0 &&
    decimals <= 255 &&
    (price === undefined || (typeof price === 'number' && Number.isFinite(price))) &&
    (iconUrl === undefined || typeof iconUrl === 'string')
  )
}

/**
 * Spec §5: an asset response is valid only if every asset has a string address and balance, type
 * ERC20 or NATIVE, and metadata of the right types. One bad asset rejects the whole answer (the
 * API is asked instead).
 */
export function parseWalletAssets(value: unknown, chainIdHex: string): WalletAsset[] | undefined {
  if (!isRecord(value)) return undefined
  const assets = value[chainIdHex]
  if (!Array.isArray(assets) || !assets.every(isAsset)) return undefined
  return assets
}

/** A wallet asset in the shape of the balance API's items. */
export function assetToTokenBalance(asset: WalletAsset, networkId: string): TokenBalance {
  const raw = BigInt(asset.balance)
  const numeric = formatDecimal(raw, asset.metadata.decimals)
  const price = asset.metadata.price ?? 0
  return {
    name: asset.metadata.name,
    symbol: asset.metadata.symbol,
    chainId: networkId,
    address: asset.type === 'NATIVE' ? undefined : `${networkId}:${asset.address}`,
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(asset.metadata.decimals), numeric },
    iconUrl: toSafeImageUrl(asset.metadata.iconUrl) ?? '',
  }
}
