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
