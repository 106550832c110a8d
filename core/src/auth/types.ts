import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { AlertsInternal } from '../alerts/index.js'
import type {
  ConnectErrorType,
  ConnectionInternal,
  ConnectReturnType,
} from '../connection/index.js'
import type { PorticoError } from '../errors/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { EventToken } from '../kernel/events.js'
import type { InternalOf } from '../kernel/feature.js'
import type { Message } from '../messages/index.js'
import type { ModalInternal } from '../modal/index.js'
import type { NetworkInternal } from '../network/index.js'
import type { RequestsInternal } from '../requests/index.js'
import type { ThemeFeature } from '../theme/index.js'
import type { toastFeature } from '../toast/index.js'

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

/** The frame's window, as far as the app uses it: a target for posted messages. */
export type FrameWindow = { postMessage(message: unknown, targetOrigin: string): void }

/** The fields of a `message` event the client reads. */
export type FrameMessageEvent = { data: unknown; origin: string; source: unknown }

/** Where the frame is drawn, and its accessible name, while it shows an approval. */
export type FramePlacement = { rect: FrameRect; title: string }

/** An iframe in the page. */
export type MountedFrame = {
  /** The iframe's window: the only source accepted, the only window posted to. */
  readonly window: FrameWindow | null
  /** Shows the frame over `placement.rect`, or hides it (undefined). */
  place(placement: FramePlacement | undefined): void
  remove(): void
}

/** The page the frame lives in: the browser's DOM, or a test's stand-in. */
export type FrameHost = {
  /** Appends a hidden iframe loading `src`. */
  mount(src: string): MountedFrame
  /** Listens to every message posted to the page. */
  listen(listener: (event: FrameMessageEvent) => void): () => void
  /** Whether the page is on screen: browsers slow the timers of hidden pages (and frames). */
  isVisible(): boolean
}

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

/** Where `connectEmail` left the login: a step waiting for the user, or connected. */
export type EmailLoginOutcome = EmailLoginStep | 'connected'

/** The stores the shell makes (hooks read them before the half loads) and the half writes. */
export type AuthAtoms = {
  $login: WritableAtom<EmailLoginState>
  $updateEmail: WritableAtom<UpdateEmailState>
  $user: WritableAtom<AuthUser | undefined>
  $frame: WritableAtom<FrameState>
}

/** An EIP-1193 event listener of the auth connector's provider, by event name. */
export type ProviderListener = [event: string, listener: (...args: never[]) => void]

/** What the shell hands its heavy half (`lazy.ts`). */
export type AuthShell = {
  stores: AuthAtoms
  /** The frame logs every message (its `enableLogger` parameter). */
  enableLogger: boolean
  /** The page the frame lives in when a test gave one; the browser's DOM otherwise. */
  host(): FrameHost | undefined
  /** The auth connector's id, and its provider's listeners the half tells of chain changes. */
  connectorId: string
  listeners: ReadonlySet<ProviderListener>
  /** Where the time of the last login mail is stored (the 30 s hold across reloads). */
  lastLoginKey: string
  /** Asks for a fresh frame (after a Farcaster sign-in was left). */
  reloadEvent: EventToken<void>
  connection: ConnectionInternal
  modal: ModalInternal
  network: NetworkInternal
  alerts: AlertsInternal
  requests: RequestsInternal
  toast: InternalOf<typeof toastFeature>
  theme: ThemeFeature
}

/**
 * Why the email update's actions (`updateEmail`, `verifyPrimaryOtp`, `verifySecondaryOtp`)
 * reject. An address or code of the wrong shape (INVALID_INPUT, `details.message`); the secure
 * frame refused (a wrong or expired code, the address in use, not signed in: WALLET_ERROR, its
 * `details.message` in the user's words) or did not answer in time (TIMEOUT); the frame or the
 * code behind it could not be loaded (EMAIL_DEPENDENCY_LOAD_FAILED, the spec's error, instead of
 * MODULE_LOAD_FAILED); `apiUrls.secureSite` is not a web address (INVALID_OPTIONS) or the app
 * lists no EVM network (UNSUPPORTED_CHAIN); a later step replaced it or the client was destroyed
 * (ABORTED); anything else (UNKNOWN_ERROR).
 */
export type UpdateEmailErrorType = PorticoError<
  | 'INVALID_INPUT'
  | 'WALLET_ERROR'
  | 'TIMEOUT'
  | 'EMAIL_DEPENDENCY_LOAD_FAILED'
  | 'INVALID_OPTIONS'
  | 'UNSUPPORTED_CHAIN'
  | 'ABORTED'
  | 'UNKNOWN_ERROR'
>
/**
 * Why the email login's actions (`connectEmail`, `resendCode`, `verifyOtp`) reject: as the email
 * update's (the 30 s between login mails and a missing login are INVALID_INPUT too), email login
 * off (ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND), and, once the frame has the user, what connecting
 * the embedded wallet rejects with (`ConnectErrorType`).
 */
export type EmailLoginErrorType = PorticoError<
  UpdateEmailErrorType['code'] | 'ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND' | ConnectErrorType['code']
>

/**
 * Why `preload` rejects: the secure frame or its code could not be loaded, in 20 s at most
 * (EMAIL_DEPENDENCY_LOAD_FAILED); `apiUrls.secureSite` is not a web address (INVALID_OPTIONS);
 * the app lists no EVM network (UNSUPPORTED_CHAIN); the client was destroyed (ABORTED).
 */
export type AuthPreloadErrorType = PorticoError<
  'EMAIL_DEPENDENCY_LOAD_FAILED' | 'INVALID_OPTIONS' | 'UNSUPPORTED_CHAIN' | 'ABORTED'
>

/** Email login and the embedded wallet's secure frame (`client.auth`). */
export type AuthFeature = {
  /** The email login: its step (email, device, otp) and the async shape of the current step. */
  $login: ReadableAtom<EmailLoginState>
  /** The email update: its step (email, primary code, secondary code) and async shape. */
  $updateEmail: ReadableAtom<UpdateEmailState>
  /** The embedded wallet's user while signed in. */
  $user: ReadableAtom<AuthUser | undefined>
  /** The secure frame: loading, ready or failed, and the approval it shows. */
  $frame: ReadableAtom<FrameState>
  /**
   * Starts an email login: checks the address's format and the 30 s between email logins
   * ('Please try again after N seconds'), loads the secure frame (the first time) and asks it to
   * send a code, or a device approval link first on a new browser. Resolves with the next step
   * ('otp', 'device'), or 'connected' when the frame is already signed in as this address.
   */
  connectEmail(email: string): Promise<EmailLoginOutcome>
  /** Sends the 6-digit code; on success the embedded wallet is connected. */
  verifyOtp(otp: string): Promise<ConnectReturnType>
  /** Asks for a new code (or device link) for the same address, once the cooldown allows. */
  resendCode(): Promise<EmailLoginOutcome>
  /** Back to the address step; what the abandoned attempt answers later changes nothing. */
  resetLogin(): void
  /** Starts changing the signed-in user's address: a code goes to the current one. */
  updateEmail(email: string): Promise<void>
  /** The code sent to the current address; then a code goes to the new one. */
  verifyPrimaryOtp(otp: string): Promise<void>
  /** The code sent to the new address; resolves with it once it is the user's. */
  verifySecondaryOtp(otp: string): Promise<string>
  resetUpdateEmail(): void
  /**
   * Where the frame shows its approval UI (the ApproveTransaction view's body, in viewport
   * pixels) and its accessible name, or undefined to hide it. It shows only while the frame asks.
   */
  showFrame(placement: FramePlacement | undefined): void
  /** Loads the secure frame ahead of use (when the user starts typing an address). */
  preload(): Promise<void>
}

export type AuthInternal = {
  /** The page the frame lives in (tests give a stand-in); set before first use. */
  useHost(host: FrameHost): void
}

/** The embedded wallet: loaded when the user picks email or a stored email login reconnects. */
export type AuthHalf = Pick<
  AuthFeature,
  | 'connectEmail'
  | 'verifyOtp'
  | 'resendCode'
  | 'resetLogin'
  | 'updateEmail'
  | 'verifyPrimaryOtp'
  | 'verifySecondaryOtp'
  | 'resetUpdateEmail'
  | 'showFrame'
  | 'preload'
> & {
  /** The auth connector's EIP-1193 `request`. */
  request(args: { method: string; params?: unknown }): Promise<unknown>
  /** Ends the frame session, waiting at most 3 s for the frame; never throws. */
  signOut(): Promise<void>
}
