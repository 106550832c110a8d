export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
/** A chain family: eip155 (EVM), solana, polkadot, bip122 (Bitcoin) or cosmos. */
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`
/** `namespace:reference:address`, e.g. `eip155:1:0xabc…`. */
export type CaipAddress = `${string}:${string}:${string}`

export type ParsedCaipNetworkId = {
  namespace: string
  reference: string
}

export type ParsedCaipAddress = {
  namespace: string
  chainId: string
  address: string
}
