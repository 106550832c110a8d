import type { AdapterLoaders } from './types.js'

/** Adapters are loaded on first use, so an app that never connects never downloads viem. */
export const defaultAdapterLoaders: AdapterLoaders = {
  eip155: (context) => import('./evm/createEvmAdapter.js').then((m) => m.createEvmAdapter(context)),
}
