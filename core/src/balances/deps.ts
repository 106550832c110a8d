import type { WritableAtom } from 'nanostores'
import type { BlockchainApi } from '../api/index.js'
import type { ChainNamespace } from '../caip/index.js'
import type { ConnectionInternal } from '../connection/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { FeatureContext } from '../kernel/feature.js'
import type { NetworkInternal } from '../network/index.js'
import type { StoredCache } from '../storage/index.js'
import type { ToastFeature } from '../toast/index.js'
import type { TokenBalance } from './types.js'

/** Where the active account's token list is. */
export type TokenStatus = Pick<AsyncState<unknown>, 'status' | 'error'>

/** What token loading (fetched on first use) gets from the feature's shell. */
export type BalancesDeps = {
  context: FeatureContext
  api: BlockchainApi
  connection: ConnectionInternal
  network: NetworkInternal
  toast: Pick<ToastFeature, 'showError'>
  balanceCache: StoredCache<readonly TokenBalance[]>
  $tokenStatus: WritableAtom<TokenStatus>
  setTokens(namespace: ChainNamespace, caipAddress: string, list: readonly TokenBalance[]): void
  /** The tokens shown for that account, if it is still the one they are for. */
  heldTokens(namespace: ChainNamespace, caipAddress: string): readonly TokenBalance[] | undefined
  /** After a failure: asks for nothing more for a while (30 s). */
  block(): void
}
