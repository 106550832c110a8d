import { computed, type ReadableAtom } from 'nanostores'
import { balancesFeature } from '../balances/index.js'
import type { ChainNamespace } from '../caip/index.js'
import { connectionFeature } from '../connection/index.js'
import { farcasterFeature } from '../farcaster/index.js'
import { identityFeature } from '../identity/index.js'
import { defineFeature } from '../kernel/feature.js'
import { networkFeature } from '../network/index.js'
import { type AccountState, EMPTY_ACCOUNT } from './types.js'

/** The account view on the client (`client.account`): read-only, assembled from its owners. */
export type AccountFeature = {
  /** The account of every connected namespace. */
  $accounts: ReadableAtom<Readonly<Partial<Record<ChainNamespace, AccountState>>>>
  /** The active namespace's account. Prefer the owners' own stores to re-render less. */
  $account: ReadableAtom<AccountState>
}

/**
 * A read-only view of the account state, assembled from the features that own its parts. Nothing
 * writes to it: each part changes in its own feature.
 */
export const accountFeature = defineFeature({
  name: 'account',
  needs: [connectionFeature, networkFeature, balancesFeature, identityFeature, farcasterFeature],
  create(context): { public: AccountFeature } {
    const connection = context.use(connectionFeature)
    const network = context.use(networkFeature)
    const balances = context.use(balancesFeature)
    const identity = context.use(identityFeature)
    const farcaster = context.use(farcasterFeature)
    const $accounts = computed(
      [connection.$connections, balances.$byNamespace, identity.$byNamespace, farcaster.$url],
      (connections, balanceFields, profiles, farcasterUrl) => {
        const out: Partial<Record<ChainNamespace, AccountState>> = {}
        for (const [namespace, state] of Object.entries(connections)) {
          if (!state) continue
          const ns = namespace as ChainNamespace
          const explorer = state.chainId
            ? network.find(state.chainId)?.blockExplorers?.[0]
            : undefined
          out[ns] = {
            status: state.status,
            address: state.address,
            caipAddress: state.caipAddress,
            allAccounts: state.allAccounts,
            connectedWalletInfo: state.walletInfo,
            addressExplorerUrl:
              explorer && state.address
                ? `${explorer.url.replace(/\/+$/, '')}/address/${state.address}`
                : undefined,
            ...balanceFields[ns],
            profileName: profiles[ns]?.name,
            profileImage: profiles[ns]?.avatar,
            farcasterUrl,
          }
        }
        return out
      },
    )
    return {
      public: {
        $accounts,
        $account: computed(
          [$accounts, network.$activeNamespace, farcaster.$url],
          (accounts, namespace, farcasterUrl) =>
            accounts[namespace] ??
            (farcasterUrl ? { ...EMPTY_ACCOUNT, farcasterUrl } : EMPTY_ACCOUNT),
        ),
      },
    }
  },
})
