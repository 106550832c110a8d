// Kept free of other features' types: the API's validators import the token balance from here.
import type { ReadableAtom } from 'nanostores'
import type { ChainNamespace } from '../caip/index.js'
import type { AsyncState } from '../kernel/async.js'

/** One token the account holds, as shown in lists. */
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

/** The native balance of an account, in whole units. */
export type NativeBalanceState = {
  /** Whole units as a decimal string (`'1.5'`). */
  balance: string
  symbol: string
}

/** Native and token balances of the connected accounts (`client.balances`). */
export type BalancesFeature = {
  /** The active account's native balance, read from the chain (cached 30 s). */
  $nativeBalance: ReadableAtom<AsyncState<NativeBalanceState>>
  /**
   * The active account's tokens. Subscribing fetches them (and again when the account or chain
   * changes): cached 30 s, shared by every caller, blocked for 30 s after a failure, empty when
   * the network is not supported.
   */
  $tokenBalances: ReadableAtom<AsyncState<readonly TokenBalance[]>>
  fetchTokenBalances(parameters?: { forceUpdate?: boolean }): Promise<readonly TokenBalance[]>
  /** Reads the native balance from the chain, skipping the cache when `force`. */
  refreshNativeBalance(parameters?: { namespace?: ChainNamespace; force?: boolean }): Promise<void>
}

/** Balance fields per namespace, for the account view. */
export type BalanceFields = Partial<
  Record<
    ChainNamespace,
    { balance?: string; balanceSymbol?: string; tokenBalance?: readonly TokenBalance[] }
  >
>

export type BalancesInternal = BalancesFeature & {
  /** Balance fields per namespace, for the account view; stale ones (another address) left out. */
  $byNamespace: ReadableAtom<BalanceFields>
}
