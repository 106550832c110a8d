import { atom } from 'nanostores'
import { connectionEvent, connectionFeature } from '../connection/index.js'
import { idleState } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { networkFeature } from '../network/feature.js'
import { toastFeature } from '../toast/feature.js'
import { BALANCE_NAMESPACES } from './constants.js'
import type { BalancesAtoms } from './parts.js'
import type { BalancesFeature, BalancesInternal } from './types.js'

/**
 * What the connected accounts hold: the native balance from the chain, the tokens from the wallet
 * (EIP-7811) or the Blockchain API. Shows 'Token Balance Unavailable' when the fetch fails or the
 * network is not supported. The shell holds the stores; the reads, caches and checks (`lazy.ts`)
 * load when a wallet connects or the tokens are shown.
 */
export const balancesFeature = defineFeature({
  name: 'balances',
  needs: [connectionFeature, networkFeature, toastFeature],
  storageKeys: ['portfolio_cache', 'native_balance_cache'],
  lazy: () => import('./lazy.js'),
  create(context, _options, lazy): { public: BalancesFeature; internal: BalancesInternal } {
    const { logger } = context
    const toast = context.use(toastFeature)
    const stores: BalancesAtoms = {
      $nativeBalance: atom(idleState()),
      $tokenBalances: atom(idleState()),
      $byNamespace: atom({}),
    }
    const half = lazy({
      stores,
      connection: context.use(connectionFeature),
      network: context.use(networkFeature),
      toast,
      namespaces: BALANCE_NAMESPACES,
    })
    // Shown, the list is fetched (and again when the account or chain changes).
    half.whileShown(stores.$tokenBalances, (balances) => balances.followTokens())

    // Neither ever rejects: a list that cannot load is shown as unavailable, as a failed fetch is
    // (nothing is blocked: the next ask fetches the code again).
    const feature: BalancesFeature = {
      $nativeBalance: stores.$nativeBalance,
      $tokenBalances: stores.$tokenBalances,
      fetchTokenBalances: (parameters) =>
        half
          .use((balances) => balances.fetchTokenBalances(parameters))
          .catch((error: unknown) => {
            logger.error('token balances are unavailable', error)
            toast.showError({ key: 'balances.unavailable' })
            return []
          }),
      refreshNativeBalance: (parameters) =>
        half
          .use((balances) => balances.refreshNativeBalance(parameters))
          .catch((error: unknown) => logger.error('could not read the balance', error)),
    }
    // A wallet that connects, comes back, or moves to another account or chain: read its balance.
    context.onDestroy(
      context.events.on(connectionEvent, (event) => {
        if (event.type !== 'disconnected') {
          void feature.refreshNativeBalance({ namespace: event.namespace })
        }
      }),
    )
    return { public: feature, internal: { ...feature, $byNamespace: stores.$byNamespace } }
  },
})
