import type { ReadableAtom } from 'nanostores'
import type { PreparedTransfer } from '../adapters/index.js'
import type { BalancesInternal, TokenBalance } from '../balances/index.js'
import type { ChainNamespace } from '../caip/index.js'
import type { ConnectionInternal } from '../connection/index.js'
import type { HistoryInternal } from '../history/index.js'
import type { IdentityFeature } from '../identity/index.js'
import type { Message } from '../messages/index.js'
import type { NamesFeature } from '../names/index.js'
import type { NetworkInternal } from '../network/index.js'
import type { ToastFeature } from '../toast/index.js'
import type { ReceiverInput, SEND_MESSAGES } from './validation.js'

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

/** What the send flow (loaded on first preview or send) gets from the feature's shell. */
export type SendDeps = {
  $state: ReadableAtom<SendState>
  $errors: ReadableAtom<SendErrors>
  patch(next: Partial<SendState>): void
  /** Empties the form (after a mined transfer). */
  clearForm(): void
  /** What the receiver field holds now (an address, a name, or why it is neither). */
  receiverInput(): ReceiverInput
  messages: typeof SEND_MESSAGES
  /** Namespaces a transfer can be sent on. */
  sendableNamespaces: readonly ChainNamespace[]
  /** Whether a token (CAIP-10) uses the transfer ABI without a return value, like USDT. */
  isNoReturnToken(tokenAddress: string): boolean
  connection: ConnectionInternal
  network: NetworkInternal
  balances: BalancesInternal
  history: HistoryInternal
  names: NamesFeature
  identity: IdentityFeature
  toast: ToastFeature
}
