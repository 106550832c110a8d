import { balancesFeature } from '../balances/index.js'
import { connectionFeature } from '../connection/index.js'
import { historyFeature } from '../history/index.js'
import { defineFeature } from '../kernel/feature.js'
import { networkFeature } from '../network/index.js'
import { invalidOption } from '../options/invalid.js'
import { requestsFeature } from '../requests/feature.js'
import type { ConnectedWallet, ResolvedWalletOptions, WalletOptions } from './types.js'

/**
 * The app's own calls through the connected wallet (`client.wallet`). The shell is its name and
 * its actions, each waiting for the half (`lazy.ts`) that the first call fetches: an app that
 * never calls it loads none of it.
 */
export const walletFeature = defineFeature({
  name: 'wallet',
  needs: [connectionFeature, networkFeature, balancesFeature, historyFeature, requestsFeature],
  options(input: WalletOptions): ResolvedWalletOptions {
    const wrongChain = input.wallet?.wrongChain ?? 'switch'
    if (wrongChain !== 'switch' && wrongChain !== 'refuse') {
      invalidOption(`wallet.wrongChain must be 'switch' or 'refuse', not ${String(wrongChain)}`)
    }
    return { wrongChain }
  },
  lazy: () => import('./lazy.js'),
  create(context, options, lazy): { public: ConnectedWallet } {
    const half = lazy({
      options,
      connection: context.use(connectionFeature),
      network: context.use(networkFeature),
      balances: context.use(balancesFeature),
      history: context.use(historyFeature),
      requests: context.use(requestsFeature),
    })
    return {
      public: half.actions(
        'getProvider',
        'getWalletClient',
        'getPublicClient',
        'signMessage',
        'signTypedData',
        'sendTransaction',
        'writeContract',
        'readContract',
        'signPsbt',
        'request',
      ) as ConnectedWallet,
    }
  },
})
