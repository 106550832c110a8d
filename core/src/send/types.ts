import type { PreparedTransfer } from '../adapters/index.js'
import type { TokenBalance } from '../balances/index.js'
import type { Message } from '../messages/index.js'

/** Where a transfer goes: the address, and the name the user typed, if any. */
export type SendReceiver = {
  address: string
  /** The name the user typed, when they typed one. */
  name?: string
  avatar?: string
}

/** The send form. */
export type SendState = {
  token: TokenBalance | undefined
  amount: string
  /** What the user typed: an address or a name. */
  receiver: string
  /** The address the transfer goes to, once known. */
  resolved: SendReceiver | undefined
  resolving: boolean
  /** The transfer built by `preview`, with its network fee. */
  prepared: PreparedTransfer | undefined
}

/** Live validation of the form, as messages for the user. */
export type SendErrors = { amount?: Message; receiver?: Message }

/** The send options of `createPortico`. */
export type SendOptions = {
  /**
   * Tokens whose `transfer` returns no value, like mainnet USDT (already listed), as CAIP-10
   * addresses: sends to them use the transfer ABI without a return value.
   */
  noReturnTransferTokens?: readonly string[]
}
