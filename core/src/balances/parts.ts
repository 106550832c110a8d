import type { WritableAtom } from 'nanostores'
import type { ChainNamespace } from '../caip/index.js'
import type { ConnectionInternal } from '../connection/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { NetworkInternal } from '../network/index.js'
import type { ToastFeature } from '../toast/index.js'
import type { BalanceFields, BalancesFeature, NativeBalanceState, TokenBalance } from './types.js'

// The two parts of the feature: what the shell hands its heavy half, and what the half gives back.

/** The stores the shell makes (with their first values) and the heavy half writes. */
export type BalancesAtoms = {
  $nativeBalance: WritableAtom<AsyncState<NativeBalanceState>>
  $tokenBalances: WritableAtom<AsyncState<readonly TokenBalance[]>>
  $byNamespace: WritableAtom<BalanceFields>
}

/** What the shell hands its heavy half (`lazy.ts`). */
export type BalancesShell = {
  stores: BalancesAtoms
  connection: ConnectionInternal
  network: NetworkInternal
  toast: Pick<ToastFeature, 'showError'>
  /** The namespaces that have balances. */
  namespaces: readonly ChainNamespace[]
}

/** The heavy half: the actions, and what follows the token list while it is shown. */
export type BalancesHalf = Pick<BalancesFeature, 'fetchTokenBalances' | 'refreshNativeBalance'> & {
  /** Fetches the connected account's tokens (again when it changes); returns the stop. */
  followTokens(): () => void
}
