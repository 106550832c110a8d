import type { CaipAddress, ChainNamespace } from '../caip/index.js'
import type { AccountType } from '../options/index.js'
import type { ConnectionStatus, SocialProvider } from '../storage/index.js'

/** One token the account holds, as shown in lists (spec §3 "Token balance item"). */
export type TokenBalance = {
  name: string
  symbol: string
  /** CAIP-2 network id of the token's chain. */
  chainId: string
  /** CAIP-10 address of the token contract; absent for the native token. */
  address?: string
  /** USD value of the holding. */
  value: number
  /** USD price of one token. */
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** The user of an embedded (email or social) wallet, as the secure frame reports it. */
export type AuthUser = {
  email?: string
  username?: string
  address: string
  chainId: string | number
  accounts?: { address: string; type: AccountType }[]
  preferredAccountType?: AccountType
  smartAccountDeployed?: boolean
}

export type ConnectedWalletInfo = {
  name: string
  icon?: string
  type?: string
  id?: string
}

/** Account state of one chain namespace (spec §3 "Account state"). */
export type AccountState = {
  status: ConnectionStatus
  caipAddress?: CaipAddress
  address?: string
  /** Native balance in whole units, as a decimal string. */
  balance?: string
  balanceSymbol?: string
  profileName?: string
  profileImage?: string
  user?: AuthUser
  addressExplorerUrl?: string
  smartAccountDeployed?: boolean
  tokenBalance?: readonly TokenBalance[]
  allAccounts: readonly { address: string; type: AccountType; namespace: ChainNamespace }[]
  addressLabels: Readonly<Record<string, string>>
  preferredAccountType?: AccountType
  socialProvider?: SocialProvider
  farcasterUrl?: string
  connectedWalletInfo?: ConnectedWalletInfo
  /** Which tab of the account view is shown (tokens, activity…). */
  currentTab: number
}

export const EMPTY_ACCOUNT: AccountState = {
  status: 'disconnected',
  allAccounts: [],
  addressLabels: {},
  currentTab: 0,
}
