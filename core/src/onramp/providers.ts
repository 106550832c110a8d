import type { ChainNamespace } from '../caip/index.js'
import type { OnrampUrlRequest } from './api.js'
import {
  COINBASE_CHAINS,
  COINBASE_FALLBACK_CHAIN,
  ONRAMP_PROVIDERS,
  ONRAMP_RESTRICTED_TIME_ZONES,
} from './tuning.js'
import type { OnrampAsset, OnrampProvider } from './types.js'

/** Whether a time zone is on the restricted list (IANA names, compared without case). */
export function isRestrictedTimeZone(
  timeZone: string | undefined,
  restricted: readonly string[] = ONRAMP_RESTRICTED_TIME_ZONES,
): boolean {
  if (!timeZone) return false
  const zone = timeZone.toUpperCase()
  return restricted.some((entry) => entry.toUpperCase() === zone)
}

/** The page's time zone, or undefined where the runtime cannot tell. */
export function currentTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/**
 * The providers offered to an account of `namespace`: those that deliver there, and none in a
 * restricted time zone.
 */
export function availableProviders(
  namespace: ChainNamespace,
  restricted: boolean,
): readonly OnrampProvider[] {
  if (restricted) return []
  return ONRAMP_PROVIDERS.filter((provider) => provider.namespaces.includes(namespace))
}

/** Coinbase's name of an EVM chain, `ethereum` for a chain it does not name. */
export function coinbaseChainName(chainId: string): string {
  return COINBASE_CHAINS.find(([, id]) => id === chainId)?.[0] ?? COINBASE_FALLBACK_CHAIN
}

/** What a purchase needs to open a provider. */
export type OnrampOrder = {
  address: string
  asset: OnrampAsset
  /** The EVM chain id as text (`'1'`), or the network's reference for other namespaces. */
  chainId: string
  amount: string
  paymentCurrency: string
  paymentMethod: string
  /** The quote the user saw, handed on when it is a real card quote. */
  quoteId: string | undefined
}

/**
 * The body that asks Coinbase's URL generator for a checkout: the wallet and the chains it
 * receives on (the asset's network first, then every Coinbase chain: an EVM address is the same
 * on each), the chain to open on (Coinbase's name of the active chain, `ethereum` when it has
 * none), the address as the partner's user id, the buy experience and the amount. `fiatCurrency`,
 * `defaultAsset` and `quoteId` go further than Coinbase's documented body (the devnet reads them).
 */
export function coinbaseUrlRequest(order: OnrampOrder): OnrampUrlRequest {
  const blockchains = [
    ...new Set([order.asset.network.name, ...COINBASE_CHAINS.map(([name]) => name)]),
  ]
  return {
    destinationWallets: [{ address: order.address, blockchains, assets: [order.asset.symbol] }],
    defaultNetwork: coinbaseChainName(order.chainId),
    partnerUserId: order.address,
    defaultExperience: 'buy',
    presetFiatAmount: Number(order.amount),
    fiatCurrency: order.paymentCurrency,
    defaultAsset: order.asset.symbol,
    ...(order.quoteId ? { quoteId: order.quoteId } : {}),
  }
}

/**
 * Meld's widget URL for an order: the wallet, the asset and its network, the amount and its
 * currency in Meld's parameter names, the app's public key when it has one.
 */
export function meldUrl(base: string, order: OnrampOrder, publicKey: string | undefined): string {
  const url = new URL(base)
  const params: Record<string, string | undefined> = {
    publicKey,
    walletAddress: order.address,
    network: order.asset.network.name,
    destinationCurrencyCode: order.asset.symbol,
    sourceAmount: order.amount,
    sourceCurrencyCode: order.paymentCurrency,
    externalCustomerId: order.address,
    quoteId: order.quoteId,
  }
  for (const [key, value] of Object.entries(params)) {
    if (value) url.searchParams.set(key, value)
  }
  return url.href
}
