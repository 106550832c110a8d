import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { PreparedTransfer } from '../adapters/index.js'
import type { BalancesInternal, TokenBalance } from '../balances/index.js'
import type { ChainNamespace } from '../caip/index.js'
import type { ConnectionInternal, connectionEvent } from '../connection/index.js'
import type { PorticoError } from '../errors/index.js'
import type { HistoryInternal } from '../history/index.js'
import type { IdentityFeature } from '../identity/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { Message } from '../messages/index.js'
import type { ModalFeature } from '../modal/index.js'
import type { NamesFeature } from '../names/index.js'
import type { checkName } from '../names/nameRules.js'
import type { NetworkInternal } from '../network/index.js'
import type { ToastFeature } from '../toast/index.js'

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

/**
 * Why `preview` rejects. The form is incomplete (SEND_AMOUNT_AND_RECEIVER_REQUIRED,
 * SEND_TOKEN_REQUIRED) or not valid, the token on another network than the wallet, or the
 * namespace unable to send (INVALID_INPUT, `details.message` the form's message); no connected
 * account that can send (NO_ACTIVE_CAIP_ADDRESS); the wallet on a network the app does not list
 * (UNSUPPORTED_CHAIN); a typed name could not be resolved (NAME_RESOLVE_FAILED); building the
 * transfer failed: no RPC for the network (NETWORK_NOT_FOUND), the chain adapter or its RPC
 * (WALLET_ERROR, INVALID_INPUT, API_ERROR, INVALID_RESPONSE, TIMEOUT); the token's decimals on
 * chain are not those the amount was read with (TOKEN_DECIMALS_MISMATCH) or could not be read
 * (CONTRACT_READ_FAILED); the code could not be
 * fetched (MODULE_LOAD_FAILED) or the client was destroyed while it loaded (ABORTED); anything
 * else (UNKNOWN_ERROR, the async action's wrapper).
 */
export type SendPreviewErrorType = PorticoError<
  | 'SEND_AMOUNT_AND_RECEIVER_REQUIRED'
  | 'SEND_TOKEN_REQUIRED'
  | 'INVALID_INPUT'
  | 'NO_ACTIVE_CAIP_ADDRESS'
  | 'UNSUPPORTED_CHAIN'
  | 'NAME_RESOLVE_FAILED'
  | 'NETWORK_NOT_FOUND'
  | 'WALLET_ERROR'
  | 'API_ERROR'
  | 'INVALID_RESPONSE'
  | 'TIMEOUT'
  | 'TOKEN_DECIMALS_MISMATCH'
  | 'CONTRACT_READ_FAILED'
  | 'MODULE_LOAD_FAILED'
  | 'ABORTED'
  | 'UNKNOWN_ERROR'
>
/**
 * Why `send` and `confirm` reject: what `preview` rejects with (the transfer is validated and built again
 * unless the preview's still fits), and the user refusing the transfer in the wallet
 * (USER_REJECTED). A transfer that reverts, or anything else the wallet or chain throws, is
 * WALLET_ERROR; waiting for the receipt may give up (TIMEOUT).
 * Through WalletConnect, the relay may be out of reach (RELAY_UNAVAILABLE) or the wallet not
 * answer (WALLET_TIMEOUT); the embedded (email) wallet may refuse the method or the action
 * (RPC_NOT_ALLOWED, ACTION_NOT_ALLOWED), lose its frame (EMAIL_DEPENDENCY_LOAD_FAILED) or not
 * answer (TIMEOUT), and a transfer waiting for its approval is
 * rejected when the modal closes (REQUEST_ABORTED).
 */
export type SendErrorType = PorticoError<
  | SendPreviewErrorType['code']
  | 'USER_REJECTED'
  | 'RELAY_UNAVAILABLE'
  | 'WALLET_TIMEOUT'
  | 'RPC_NOT_ALLOWED'
  | 'ACTION_NOT_ALLOWED'
  | 'EMAIL_DEPENDENCY_LOAD_FAILED'
  | 'REQUEST_ABORTED'
>

/** Sending the native token or a token (`client.send`). */
export type SendFeature = {
  /** The form. */
  $state: ReadableAtom<SendState>
  /** Live validation of what the user typed (empty fields are not errors yet). */
  $errors: ReadableAtom<SendErrors>
  /** Building the transfer for the preview; `data` is the transfer with its fee. */
  $preview: ReadableAtom<AsyncState<PreparedTransfer>>
  /** Sending; `data` is the transaction hash once mined. */
  $send: ReadableAtom<AsyncState<string>>
  setToken(token: SendState['token']): void
  setAmount(amount: string): void
  /** The whole balance of the chosen token. */
  setMax(): void
  setReceiver(receiver: string): void
  /** Validates, builds the transfer and estimates its fee (for the preview). */
  preview(): Promise<PreparedTransfer>
  /**
   * Sends through the wallet and waits until it is mined. Then: form reset, balances (skipping
   * the cache) and history refreshed. A refusal or a revert keeps the form. A second call while
   * one is pending joins it: one transfer, one wallet prompt.
   */
  send(): Promise<string>
  /**
   * Sends as a step of the modal (its preview's Send): the step is pushed, then on success the
   * modal resets to Account (the toast, balances and history as `send`), and a refusal or a
   * failure goes back one view, to the form, which keeps what was typed. Rejects as `send`. One
   * step at a time: a second call while one is under way joins it.
   */
  confirm(): Promise<string>
  reset(): void
}

/** The stores as the heavy half holds them: it writes them. */
export type SendAtoms = {
  $state: WritableAtom<SendState>
  $errors: WritableAtom<SendErrors>
  $preview: WritableAtom<AsyncState<PreparedTransfer>>
  $send: WritableAtom<AsyncState<string>>
}

/** What the shell hands its heavy half (`lazy.ts`). */
export type SendShell = {
  stores: SendAtoms
  /** The form as it is before anything is typed (and after a mined transfer). */
  empty: SendState
  /** The app's tokens whose `transfer` returns no value (CAIP-10), besides mainnet USDT. */
  noReturnTransferTokens: readonly string[]
  /** The name rule (the page has it already: the registration view checks as the user types). */
  checkName: typeof checkName
  /** The connection's event (the wallet moved: a preview is dropped). */
  connectionEvent: typeof connectionEvent
  /** Namespaces a transfer can be sent on. */
  sendableNamespaces: readonly ChainNamespace[]
  connection: ConnectionInternal
  network: NetworkInternal
  balances: BalancesInternal
  history: HistoryInternal
  names: NamesFeature
  identity: IdentityFeature
  toast: ToastFeature
  /** The modal its `confirm` runs a step of. */
  modal: ModalFeature
}

/** The heavy half: the form's checks and lookups, the transfer, and its actions. */
export type SendHalf = Pick<SendFeature, 'preview' | 'send' | 'confirm' | 'reset'>
