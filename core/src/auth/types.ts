import type { ConnectReturnType } from '../connection/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { Message } from '../messages/index.js'

/** The embedded wallet's user, as the secure frame reports it. */
export type AuthUser = {
  email: string
  /** The provider's user name, for social logins. */
  username?: string
  address: `0x${string}`
  chainId: number
  accounts: readonly { address: `0x${string}`; type: 'eoa' | 'smartAccount' }[]
  preferredAccountType: 'eoa' | 'smartAccount'
  smartAccountDeployed: boolean
}

/**
 * Where an email login is: the address to type (`email`), the device to approve from the link
 * in the mailbox (`device`), the one-time code to type (`otp`).
 */
export type EmailLoginStep = 'email' | 'device' | 'otp'

/**
 * An email login: the async shape (`pending` while the frame works, `success` once connected,
 * with the connection as `data`) and the step the user is at.
 */
export type EmailLoginState = AsyncState<ConnectReturnType> & {
  step: EmailLoginStep
  /** The address the login runs for. */
  email: string | undefined
  /** When another login mail may be asked (ms since epoch): the resend countdown. */
  resendAt: number | undefined
}

/** Where an email update is: the new address, the code sent to the current one, then the new one's. */
export type UpdateEmailStep = 'email' | 'primary' | 'secondary'

/** An email update: the async shape (`data` is the new address once done) and its step. */
export type UpdateEmailState = AsyncState<string> & {
  step: UpdateEmailStep
  /** The new address. */
  email: string | undefined
}

/** An unsafe request shown in the secure frame's approval UI. */
export type FrameApproval = { requestId: string; method: string }

/** The secure frame: not loaded, loading, ready, or failed to load. */
export type FrameStatus = 'idle' | 'loading' | 'ready' | 'failed'

/** The secure frame's state and the approval it shows, if any. */
export type FrameState = {
  status: FrameStatus
  /** The request the frame is asking the user to approve, while it shows one. */
  approval: FrameApproval | undefined
}

/** Where the frame is drawn while it shows an approval (viewport pixels, like a DOMRect). */
export type FrameRect = { top: number; left: number; width: number; height: number }

/** What ApproveTransaction is opened with. */
export type ApproveTransactionData = {
  /** The unsafe method waiting for approval. */
  method?: string
  /** A refused request: what to tell the user. */
  error?: Message
}

/** The auth options of `createPortico`. */
export type AuthOptions = {
  /** The secure frame logs every message to its console (its `enableLogger` parameter). */
  enableAuthLogger?: boolean
}
