import type { ChainNamespace, PorticoNetwork } from '@portico/core'
import type { AdapterLoaders } from '@portico/core/test-seams'

export const SOLANA_DEVNET = {
  id: 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP',
  name: 'Devnet Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { http: ['http://127.0.0.1:8899'] },
} as const satisfies PorticoNetwork

export const SOLANA_ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

/**
 * An adapter of a non-EVM namespace that connects at once with `address`: enough for the
 * connection's bookkeeping per namespace, which is what these tests are about. The adapters
 * themselves are tested against the devnet's chains (integration/multichain.int.test.ts).
 */
export function instantAdapter(
  namespace: ChainNamespace,
  address: string,
  chainReference: string,
): NonNullable<AdapterLoaders[ChainNamespace]> {
  return async () => ({
    namespace,
    isAddress: (value) => value === address,
    connection: {
      connect: async () => ({ addresses: [address], chainReference }),
      reconnect: async () => undefined,
      disconnect: async () => undefined,
      subscribe: () => () => undefined,
    },
  })
}

/** A Wallet Standard wallet object for a connector; the instant adapter never calls it. */
export function standardWallet(name: string) {
  return {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
    chains: [SOLANA_DEVNET.id],
    features: {},
    accounts: [],
  } as const
}
