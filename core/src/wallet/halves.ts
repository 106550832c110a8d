import type { BalancesInternal } from '../balances/index.js'
import type { CaipNetworkId, ChainNamespace } from '../caip/index.js'
import type { ActiveConnection, ConnectionInternal } from '../connection/index.js'
import type { HistoryInternal } from '../history/index.js'
import type { NetworkInternal } from '../network/index.js'
import type { PorticoNetwork } from '../options/index.js'
import type { RequestsInternal } from '../requests/feature.js'
import type { ConnectedWallet, ResolvedWalletOptions } from './types.js'

/** What the shell hands its half. */
export type WalletShell = {
  options: ResolvedWalletOptions
  connection: ConnectionInternal
  network: NetworkInternal
  balances: BalancesInternal
  history: HistoryInternal
  requests: RequestsInternal
}

/** The half: every action of `client.wallet`. */
export type WalletHalf = ConnectedWallet

/**
 * Whom a call is for: a namespace's account (and the method, to name it in a timeout). `unsafe`:
 * it signs or moves value, so it waits for the user like the modal's own requests do.
 */
export type CallTarget = {
  namespace: ChainNamespace
  address: string
  method?: string
  unsafe?: boolean
}

/** A call's wallet, once the rules let it through. */
export type ActiveCall = ActiveConnection & {
  address: string
  chainId: CaipNetworkId
  /** The app's network the wallet is on; undefined when the app does not list it. */
  network: PorticoNetwork | undefined
}
