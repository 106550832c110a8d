import type { Address } from 'viem'
import type { DevnetChain, DevnetTokens } from '../../chains/evm/types.js'
import {
  FIAT_CURRENCIES,
  ONRAMP_NETWORKS,
  PAYMENT_LIMITS,
  PAYMENT_METHODS,
  PURCHASE_ASSETS,
  type PurchaseAsset,
} from './config.js'

/** One chain an asset can be delivered on. `contractAddress` is '' for the native ETH. */
export type CatalogNetwork = {
  chainId: number
  caipNetworkId: `eip155:${number}`
  /** The provider-side name (`devnet`, `devnet-l2`). */
  name: string
  displayName: string
  contractAddress: Address | ''
}

export type CatalogAsset = PurchaseAsset & { networks: CatalogNetwork[] }

/** Everything that can be bought on this devnet, and where. */
export type OnrampCatalog = { assets: CatalogAsset[]; networks: CatalogNetwork[] }

/** The answer of `GET /v1/onramp/options`, in the hosted service's shape. */
export type OnrampOptions = {
  purchaseCurrencies: {
    id: string
    name: string
    symbol: string
    networks: { name: string; display_name: string; chain_id: string; contract_address: string }[]
  }[]
  paymentCurrencies: {
    id: string
    payment_method_limits: { id: string; min: string; max: string }[]
  }[]
}

/**
 * The devnet's catalog: every purchase asset on every configured chain that has an on-ramp
 * name, with the token addresses deployed there.
 */
export function buildCatalog(
  chains: readonly DevnetChain[],
  tokens: Readonly<Record<number, DevnetTokens>>,
): OnrampCatalog {
  const networks = chains.flatMap((chain) => {
    const names = ONRAMP_NETWORKS[chain.chainId]
    return names ? [{ chain, names }] : []
  })
  const assets = PURCHASE_ASSETS.map((asset) => ({
    ...asset,
    networks: networks.flatMap(({ chain, names }): CatalogNetwork[] => {
      const contractAddress = asset.token ? tokens[chain.chainId]?.[asset.token] : ''
      if (contractAddress === undefined) return []
      return [
        {
          chainId: chain.chainId,
          caipNetworkId: chain.caipNetworkId,
          name: names.name,
          displayName: names.displayName,
          contractAddress,
        },
      ]
    }),
  })).filter((asset) => asset.networks.length > 0)
  return {
    assets,
    networks: networks.map(({ chain, names }) => ({
      chainId: chain.chainId,
      caipNetworkId: chain.caipNetworkId,
      name: names.name,
      displayName: names.displayName,
      contractAddress: '',
    })),
  }
}

export function optionsOf(catalog: OnrampCatalog): OnrampOptions {
  return {
    purchaseCurrencies: catalog.assets.map((asset) => ({
      id: asset.id,
      name: asset.name,
      symbol: asset.symbol,
      networks: asset.networks.map((network) => ({
        name: network.name,
        display_name: network.displayName,
        chain_id: String(network.chainId),
        contract_address: network.contractAddress,
      })),
    })),
    paymentCurrencies: FIAT_CURRENCIES.map((id) => ({
      id,
      payment_method_limits: PAYMENT_METHODS.map((method) => ({
        id: method,
        ...PAYMENT_LIMITS[method],
      })),
    })),
  }
}
