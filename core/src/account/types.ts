import type { TokenBalance } from '../balances/index.js'
import type { CaipAddress, ChainNamespace } from '../caip/index.js'
import type { ConnectedWalletInfo, ConnectionStatus } from '../connection/index.js'
import type { AccountType } from '../options/index.js'

/**
 * The account of one namespace, assembled from the features that own each part: the connection
 * (status, address, wallet), balances, identity (name and avatar) and Farcaster.
 */
export type AccountState = {
  status: ConnectionStatus
  caipAddress?: CaipAddress
  address?: string
  /** Native balance in whole units, as a decimal string. */
  balance?: string
  balanceSymbol?: string
  profileName?: string
  profileImage?: string
  addressExplorerUrl?: string
  tokenBalance?: readonly TokenBalance[]
  allAccounts: readonly { address: string; type: AccountType; namespace: ChainNamespace }[]
  farcasterUrl?: string
  connectedWalletInfo?: ConnectedWalletInfo
}

export const EMPTY_ACCOUNT: AccountState = { status: 'disconnected', allAccounts: [] }
