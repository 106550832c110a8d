import { atom, computed, type ReadableAtom } from 'nanostores'
import type { ResolvedOptions } from '../options/index.js'
import type { RecentWallet } from '../storage/index.js'
import { type ConnectItem, type ListedWallet, orderConnectors } from './orderConnectors.js'
import type { Connector } from './types.js'

/** The Connect view's list as a store: it follows discovery, recent wallets and the explorer. */
export function createConnectList({
  options,
  $connectors,
  $recentWallets,
  $featured = atom([]),
  $recommended = atom([]),
}: {
  options: Pick<ResolvedOptions, 'customWallets' | 'features'>
  $connectors: ReadableAtom<readonly Connector[]>
  $recentWallets: ReadableAtom<readonly RecentWallet[]>
  $featured?: ReadableAtom<readonly ListedWallet[]>
  $recommended?: ReadableAtom<readonly ListedWallet[]>
}): ReadableAtom<readonly ConnectItem[]> {
  return computed(
    [$connectors, $recentWallets, $featured, $recommended],
    (connectors, recent, featured, recommended) =>
      orderConnectors({
        connectors,
        recent,
        featured,
        recommended,
        custom: options.customWallets,
        order: options.features.connectorTypeOrder,
      }),
  )
}
