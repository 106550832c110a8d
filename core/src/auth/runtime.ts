import type { WritableAtom } from 'nanostores'
import { alertsFeature } from '../alerts/index.js'
import { createToolkitApi, isOriginAllowed } from '../api/index.js'
import { type ConnectReturnType, connectionFeature } from '../connection/index.js'
import { isPorticoError, PorticoError } from '../errors/index.js'
import { authReloadEvent } from '../farcaster/index.js'
import {
  errorState,
  idleState,
  pendingState,
  successState,
  toPorticoError,
} from '../kernel/async.js'
import { withDeadline } from '../kernel/deadline.js'
import type { FeatureContext } from '../kernel/feature.js'
import { errorMessage, type Message } from '../messages/index.js'
import { modalFeature } from '../modal/feature.js'
import type { ViewName } from '../modal/types.js'
import { networkFeature } from '../network/feature.js'
import { evmChainId, networkNamespace } from '../options/index.js'
import { requestsFeature } from '../requests/index.js'
import { finiteNumber, storedValue } from '../storage/index.js'
import { themeFeature } from '../theme/index.js'
import { toastFeature } from '../toast/feature.js'
import { SDK_TYPE, SDK_VERSION } from '../version.js'
import {
  AUTH_CONNECTOR_ID,
  DEVICE_RETRY_DELAY_MS,
  EMAIL_LOGIN_COOLDOWN_MS,
  FRAME_ANSWER_TIMEOUT_MS,
  LAST_EMAIL_LOGIN_KEY,
} from './constants.js'
import { createDomHost } from './dom.js'
import {
  createFrameClient,
  FrameAnswerError,
  type FrameHost,
  type FramePlacement,
} from './frame.js'
import {
  type AppEventName,
  type AppPayloads,
  type DappMetadata,
  EMAIL_LOGIN_RULES,
  FRAME_ERRORS,
  FRAME_TIMINGS,
  type FramedUser,
  isOtp,
  isValidEmail,
  RPC_ERROR_CODES,
  rpcMethodClass,
  SECURE_FRAME_PATH,
  SECURE_SDK_VERSION,
  type SuccessPayloads,
} from './protocol.js'
import { checkSendCalls, checkTransaction, isTransactionLike } from './rpc.js'
import type {
  ApproveTransactionData,
  AuthUser,
  EmailLoginState,
  EmailLoginStep,
  FrameState,
  UpdateEmailState,
} from './types.js'

/** The stores the feature's shell owns (hooks read them before any of this code loads). */
export type AuthStores = {
  $login: WritableAtom<EmailLoginState>
  $updateEmail: WritableAtom<UpdateEmailState>
  $user: WritableAtom<AuthUser | undefined>
  $frame: WritableAtom<FrameState>
}

/** Where `connectEmail` left the login: a step waiting for the user, or connected. */
export type EmailLoginOutcome = EmailLoginStep | 'connected'

/** The embedded wallet, loaded when the user picks email or a stored email login reconnects. */
export type AuthRuntime = {
  /** The auth connector's EIP-1193 `request`. */
  request(args: { method: string; params?: unknown }): Promise<unknown>
  /** Ends the frame session, waiting at most 3 s for the frame; never throws. */
  signOut(): Promise<void>
  connectEmail(email: string): Promise<EmailLoginOutcome>
  verifyOtp(otp: string): Promise<ConnectReturnType>
  resendCode(): Promise<EmailLoginOutcome>
  resetLogin(): void
  updateEmail(email: string): Promise<void>
  verifyPrimaryOtp(otp: string): Promise<void>
  verifySecondaryOtp(otp: string): Promise<string>
  resetUpdateEmail(): void
  showFrame(placement: FramePlacement | undefined): void
  /** Loads the frame and waits for it to be ready. */
  preload(): Promise<void>
  destroy(): void
}

export type CreateAuthRuntimeParameters = {
  context: FeatureContext
  enableLogger: boolean
  stores: AuthStores
  /** Emits an EIP-1193 event (chainChanged, accountsChanged, disconnect) to the provider's listeners. */
  emit(event: string, ...args: unknown[]): void
  /** The page the frame lives in; the browser's DOM by default. */
  host?: FrameHost
}

export const EMPTY_LOGIN: EmailLoginState = {
  ...idleState(),
  step: 'email',
  email: undefined,
  resendAt: undefined,
}
export const EMPTY_UPDATE: UpdateEmailState = { ...idleState(), step: 'email', email: undefined }

/** Views of the email login: connecting from them closes the modal, like connecting from Connect. */
const EMAIL_VIEWS: readonly ViewName[] = ['EmailVerifyDevice', 'EmailVerifyOtp']

/** A refused input, rendered for the user by its message key. */
function invalid(message: Message, text: string): PorticoError {
  return new PorticoError('INVALID_INPUT', text, { details: { message } })
}

/** The frame's own error texts, as message keys the UI renders in the user's language. */
const FRAME_ERROR_KEYS: Record<string, string> = {
  [FRAME_ERRORS.invalidCode]: 'auth.error.invalidCode',
  [FRAME_ERRORS.codeExpired]: 'auth.error.codeExpired',
  [FRAME_ERRORS.tooManyAttempts]: 'auth.error.tooManyAttempts',
  [FRAME_ERRORS.deviceNotApproved]: 'auth.error.deviceNotApproved',
  [FRAME_ERRORS.noLoginInProgress]: 'auth.error.noLogin',
  [FRAME_ERRORS.noUpdateInProgress]: 'auth.error.noLogin',
  [FRAME_ERRORS.emailInUse]: 'auth.error.emailInUse',
  [FRAME_ERRORS.sameEmail]: 'auth.error.sameEmail',
  [FRAME_ERRORS.notSignedIn]: 'auth.error.notSignedIn',
  [FRAME_ERRORS.invalidEmail]: 'auth.invalidEmail',
}

const COOLDOWN_TEXT = /^Please try again after (\d+) seconds$/

/** The seconds of 'Please try again after N seconds': the remaining wait, rounded up. */
export function cooldownSeconds(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / 1_000))
}

export function cooldownError(remainingMs: number): PorticoError {
  const seconds = cooldownSeconds(remainingMs)
  return invalid(
    { key: 'auth.cooldown', params: { seconds } },
    `Please try again after ${seconds} seconds`,
  )
}

const hexChainId = (chainId: number) => `0x${chainId.toString(16)}`

/** An EIP-1193 error, for the chain adapter to read its code. */
const providerError = (code: number, message: string, data?: unknown) => ({ code, message, data })

function safeMetadata(metadata: FeatureContext['options']['metadata']): DappMetadata | undefined {
  if (!metadata) return undefined
  const isHttp = (value: string) => /^https?:\/\//.test(value) && value.length <= 2048
  if (!isHttp(metadata.url)) return undefined
  return {
    name: metadata.name.slice(0, 100),
    description: metadata.description.slice(0, 500),
    url: metadata.url,
    icons: metadata.icons.filter(isHttp).slice(0, 10),
  }
}

const THEME_NAME = /^--portico-[a-z0-9-]{1,40}$/
const THEME_VALUE = /^[^;{}<>\\\r\n]{0,200}$/

/**
 * The secure frame behind the auth connector: email login (code, device approval), the session
 * restored after a reload, RPC requests with their safe / unsafe / refused classes, the email
 * update, sign-out. Loaded on demand by the feature's shell.
 */
export function createAuthRuntime({
  context,
  enableLogger,
  stores,
  emit,
  host,
}: CreateAuthRuntimeParameters): AuthRuntime {
  const { options, logger, clock } = context
  const connection = context.use(connectionFeature)
  const modal = context.use(modalFeature)
  const network = context.use(networkFeature)
  const alerts = context.use(alertsFeature)
  const requests = context.use(requestsFeature)
  const toast = context.use(toastFeature)
  const theme = context.use(themeFeature)
  const { $login, $updateEmail, $user, $frame } = stores
  const lastLogin = storedValue(context.storage, LAST_EMAIL_LOGIN_KEY, finiteNumber)
  const cleanups: (() => void)[] = []

  let secureSite: URL
  try {
    secureSite = new URL(options.apiUrls.secureSite)
    if (secureSite.protocol !== 'https:' && secureSite.protocol !== 'http:') throw new Error()
  } catch (cause) {
    throw new PorticoError('INVALID_OPTIONS', 'apiUrls.secureSite must be an http(s) URL', {
      cause,
    })
  }

  /** The chain the frame loads on: the app's selected EVM network. */
  function startChainId(): number {
    const selected = network.$activeNetworks.get().eip155
    const evm = selected ?? options.networks.find((n) => networkNamespace(n) === 'eip155')
    if (!evm) throw new PorticoError('UNSUPPORTED_CHAIN')
    return evmChainId(evm)
  }

  function frameUrl(): string {
    const url = new URL(`${secureSite.href.replace(/\/+$/, '')}${SECURE_FRAME_PATH}`)
    url.search = new URLSearchParams({
      projectId: options.projectId,
      chainId: String(startChainId()),
      version: String(SECURE_SDK_VERSION),
      enableLogger: String(enableLogger),
    }).toString()
    return url.href
  }

  let frameChainId: number | undefined
  let placement: FramePlacement | undefined
  const setFrame = (patch: Partial<FrameState>) => $frame.set({ ...$frame.get(), ...patch })
  const applyPlacement = () => frame.place($frame.get().approval ? placement : undefined)

  const frame = createFrameClient({
    origin: secureSite.origin,
    url: frameUrl,
    host: host ?? createDomHost(),
    now: clock.now,
    onReady(chainId) {
      frameChainId = chainId
      setFrame({ status: 'ready', approval: undefined })
      void syncDapp()
      void syncTheme()
    },
    onNotice({ notice, payload }) {
      if (notice === 'APPROVAL_OPEN') setFrame({ approval: { ...payload } })
      else if ($frame.get().approval?.requestId === payload.requestId) {
        setFrame({ approval: undefined })
      }
      applyPlacement()
    },
    onGone(error) {
      setFrame({ status: 'failed', approval: undefined })
      if (error.code === 'EMAIL_DEPENDENCY_LOAD_FAILED') void alertLoadFailure()
      else logger.warn('the secure frame stopped answering; it loads again on next use', error)
    },
  })

  /** A frame that never said READY: the page's origin not allowed, or the site unreachable. */
  async function alertLoadFailure() {
    const origin = context.isBrowser ? globalThis.location?.origin : undefined
    try {
      if (origin && options.projectId) {
        const allowed = await createToolkitApi(context.api.toolkit).getAllowedOrigins()
        if (!isOriginAllowed(origin, allowed)) {
          alerts.raise('UNVERIFIED_DOMAIN', { origin, allowedOrigins: allowed })
          return
        }
      }
    } catch (error) {
      logger.warn('could not check the allowed origins', error)
    }
    alerts.raise('IFRAME_LOAD_FAILED', { secureSite: secureSite.origin })
  }

  /** Posts an event and waits for its answer; a timeout raises the iframe-request-timeout alert. */
  async function ask<E extends AppEventName>(
    event: E,
    payload: AppPayloads[E],
    timeoutMs: number | undefined = FRAME_ANSWER_TIMEOUT_MS,
  ): Promise<SuccessPayloads[E]> {
    if ($frame.get().status !== 'ready') setFrame({ status: 'loading' })
    try {
      return await frame.request(event, payload, timeoutMs)
    } catch (error) {
      if (isPorticoError(error, 'TIMEOUT')) {
        alerts.raise('IFRAME_REQUEST_TIMEOUT', { event })
      }
      throw error
    }
  }

  async function syncDapp() {
    const metadata = safeMetadata(options.metadata)
    await ask('SYNC_DAPP_DATA', {
      ...(metadata ? { metadata } : {}),
      projectId: options.projectId.slice(0, 200),
      sdkType: SDK_TYPE,
      sdkVersion: SDK_VERSION,
    }).catch((error) => logger.warn('could not tell the secure frame about the app', error))
  }

  async function syncTheme() {
    const variables = Object.entries(theme.$cssVariables.get())
      .filter(([name, value]) => THEME_NAME.test(name) && THEME_VALUE.test(value))
      .slice(0, 50)
    await ask('SYNC_THEME', {
      themeMode: theme.$themeMode.get(),
      themeVariables: Object.fromEntries(variables),
    }).catch((error) => logger.warn('could not pass the theme to the secure frame', error))
  }
  cleanups.push(
    theme.$cssVariables.listen(() => {
      if ($frame.get().status === 'ready') void syncTheme()
    }),
  )

  /** The frame's error as a PorticoError whose message the UI renders in the user's language. */
  function authError(error: unknown): PorticoError {
    if (!(error instanceof FrameAnswerError)) return toPorticoError(error)
    const { message, data } = error.payload
    const details =
      typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
    const cooldown = COOLDOWN_TEXT.exec(message)
    let shown: Message
    if (cooldown) {
      const seconds = Number(cooldown[1])
      // The server's cooldown holds across browsers: follow it here too.
      const retryAfterMs =
        typeof details.retryAfterMs === 'number' ? details.retryAfterMs : seconds * 1_000
      lastLogin.set(clock.now() - EMAIL_LOGIN_COOLDOWN_MS + retryAfterMs)
      shown = { key: 'auth.cooldown', params: { seconds } }
    } else if (message === FRAME_ERRORS.invalidCode && typeof details.triesLeft === 'number') {
      shown = { key: 'auth.error.invalidCodeTries', params: { count: details.triesLeft } }
    } else {
      shown = { key: FRAME_ERROR_KEYS[message] ?? 'auth.error.default' }
    }
    return new PorticoError('WALLET_ERROR', message, {
      cause: error,
      details: { message: shown },
    })
  }

  // ---------------------------------------------------------------------------------------
  // Email login

  /** Only the latest login attempt may change the login state. */
  let loginAttempt = 0
  const patchLogin = (patch: Partial<EmailLoginState>) => $login.set({ ...$login.get(), ...patch })
  const isCurrent = (attempt: number) => attempt === loginAttempt
  const abandoned = () =>
    new PorticoError('ABORTED', 'A later email login replaced this one', {
      details: { reason: 'replaced' },
    })

  function setUser(user: FramedUser): AuthUser {
    frameChainId = user.chainId
    $user.set(user)
    return user
  }

  function failLogin(attempt: number, cause: unknown): PorticoError {
    const error = authError(cause)
    if (isCurrent(attempt)) $login.set({ ...$login.get(), ...errorState($login.get(), error) })
    return error
  }

  /** Connects the auth connector once the frame has a user; closes the email views after. */
  async function finishLogin(attempt: number): Promise<ConnectReturnType> {
    const connected = await connection.connect({ connectorId: AUTH_CONNECTOR_ID })
    if (!isCurrent(attempt)) throw abandoned()
    $login.set({ ...$login.get(), ...successState(connected) })
    if (EMAIL_VIEWS.some((view) => modal.isShowing(view))) modal.close()
    return connected
  }

  async function connectEmail(raw: string): Promise<EmailLoginOutcome> {
    const email = typeof raw === 'string' ? raw.trim() : ''
    if (!isValidEmail(email)) throw invalid({ key: 'auth.invalidEmail' }, 'Invalid email')
    if (!options.features.email) throw new PorticoError('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
    const since = clock.now() - (lastLogin.get() ?? Number.NEGATIVE_INFINITY)
    if (since < EMAIL_LOGIN_COOLDOWN_MS) throw cooldownError(EMAIL_LOGIN_COOLDOWN_MS - since)
    const attempt = ++loginAttempt
    $login.set({ ...pendingState($login.get()), step: 'email', email, resendAt: undefined })
    let action: SuccessPayloads['CONNECT_EMAIL']['action']
    try {
      ;({ action } = await ask('CONNECT_EMAIL', { email }, FRAME_TIMINGS.requestTimeoutMs))
    } catch (error) {
      throw failLogin(attempt, error)
    }
    if (!isCurrent(attempt)) throw abandoned()
    if (action === 'CONNECT') {
      // The frame is already signed in as this address: no mail, no code.
      try {
        setUser((await ask('GET_USER', {})).user)
        await finishLogin(attempt)
        return 'connected'
      } catch (error) {
        throw failLogin(attempt, error)
      }
    }
    const sentAt = clock.now()
    lastLogin.set(sentAt)
    const resendAt = sentAt + EMAIL_LOGIN_COOLDOWN_MS
    if (action === 'VERIFY_DEVICE') {
      patchLogin({ step: 'device', resendAt })
      void waitForDevice(attempt)
      return 'device'
    }
    $login.set({ ...idleState(), step: 'otp', email, resendAt })
    return 'otp'
  }

  /**
   * Asks the frame to wait for the device link (it answers within 25 s), again and again while the
   * link is valid and the user stays on this login; then the code is on its way.
   */
  async function waitForDevice(attempt: number) {
    const until = clock.now() + EMAIL_LOGIN_RULES.deviceLinkTtlMs
    while (isCurrent(attempt)) {
      try {
        await ask('CONNECT_DEVICE', {}, FRAME_TIMINGS.requestTimeoutMs)
        if (isCurrent(attempt)) {
          patchLogin({ ...idleState(), step: 'otp' })
          // The device is approved and the code is on its way: the view asks for it.
          if (modal.isShowing('EmailVerifyDevice')) modal.replace('EmailVerifyOtp')
        }
        return
      } catch (error) {
        const notYet =
          error instanceof FrameAnswerError &&
          error.payload.message === FRAME_ERRORS.deviceNotApproved
        if (!notYet || clock.now() >= until) {
          failLogin(attempt, error)
          return
        }
        await new Promise((resolve) => setTimeout(resolve, DEVICE_RETRY_DELAY_MS))
      }
    }
  }

  async function verifyOtp(raw: string): Promise<ConnectReturnType> {
    const otp = typeof raw === 'string' ? raw.trim() : ''
    if (!isOtp(otp)) throw invalid({ key: 'auth.invalidOtp' }, 'The code is 6 digits')
    if ($login.get().step !== 'otp') {
      throw invalid({ key: 'auth.error.noLogin' }, 'No email login waits for a code')
    }
    const attempt = ++loginAttempt
    $login.set({ ...$login.get(), ...pendingState($login.get()) })
    toast.showLoading({ key: 'auth.authenticating' })
    try {
      const { user } = await ask('CONNECT_OTP', { otp }, FRAME_TIMINGS.requestTimeoutMs)
      if (!isCurrent(attempt)) throw abandoned()
      setUser(user)
      return await finishLogin(attempt)
    } catch (error) {
      throw failLogin(attempt, error)
    } finally {
      toast.hide()
    }
  }

  /** Back to the address step; the address stays, so the field shows what the user typed. */
  function resetLogin() {
    loginAttempt++
    $login.set({ ...EMPTY_LOGIN, email: $login.get().email })
  }
  // Leaving EmailVerifyDevice (Back, or closing the modal) while the link is still awaited
  // abandons that login: the frame is not asked about the device again, and Continue starts anew.
  cleanups.push(
    modal.onLeave('EmailVerifyDevice', () => {
      if ($login.get().step === 'device') resetLogin()
    }),
  )

  // ---------------------------------------------------------------------------------------
  // Email update

  let updateAttempt = 0
  async function runUpdate<T>(
    step: UpdateEmailState['step'],
    next: (attempt: number) => Promise<T>,
  ): Promise<T> {
    const attempt = ++updateAttempt
    $updateEmail.set({ ...$updateEmail.get(), ...pendingState($updateEmail.get()), step })
    try {
      return await next(attempt)
    } catch (cause) {
      const error = authError(cause)
      if (attempt === updateAttempt) {
        $updateEmail.set({ ...$updateEmail.get(), ...errorState($updateEmail.get(), error) })
      }
      throw error
    }
  }

  function updating(attempt: number, patch: Partial<UpdateEmailState>) {
    if (attempt !== updateAttempt) throw abandoned()
    $updateEmail.set({ ...$updateEmail.get(), ...patch })
  }

  function assertOtp(raw: string): string {
    const otp = typeof raw === 'string' ? raw.trim() : ''
    if (!isOtp(otp)) throw invalid({ key: 'auth.invalidOtp' }, 'The code is 6 digits')
    return otp
  }

  // ---------------------------------------------------------------------------------------
  // The connector's provider

  async function accounts(asked: boolean): Promise<string[]> {
    let user = $user.get()
    if (!user) {
      try {
        const { isConnected } = await ask('IS_CONNECTED', {})
        if (isConnected) user = setUser((await ask('GET_USER', {})).user)
      } catch (error) {
        // A stored email login that cannot be restored: the user sees why, and starts over.
        if (!asked) toast.showError({ key: 'auth.initFailed' })
        throw authError(error)
      }
    }
    if (user) return [user.address]
    if (asked) throw new PorticoError('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
    return []
  }

  async function chainId(): Promise<string> {
    if (frameChainId === undefined) await frame.ready()
    return hexChainId(frameChainId as number)
  }

  async function switchChain(params: unknown): Promise<null> {
    const wanted = Array.isArray(params) ? (params[0] as { chainId?: unknown }) : undefined
    const id =
      typeof wanted?.chainId === 'string' ? Number.parseInt(wanted.chainId, 16) : Number.NaN
    if (!Number.isSafeInteger(id) || id <= 0) {
      throw providerError(RPC_ERROR_CODES.invalidParams, 'Expected [{ chainId }]')
    }
    try {
      ;({ chainId: frameChainId } = await ask('SWITCH_NETWORK', { chainId: id }))
    } catch (error) {
      if (
        error instanceof FrameAnswerError &&
        error.payload.message === FRAME_ERRORS.unsupportedChain
      ) {
        throw providerError(4902, FRAME_ERRORS.unsupportedChain)
      }
      throw authError(error)
    }
    emit('chainChanged', hexChainId(frameChainId))
    return null
  }

  /** A frame refusal ('Action not allowed', 'Requested RPC call is not allowed'), or undefined. */
  function refusalOf(error: unknown): PorticoError | undefined {
    if (!(error instanceof FrameAnswerError)) return undefined
    if (error.payload.code === RPC_ERROR_CODES.unauthorized) {
      return new PorticoError('ACTION_NOT_ALLOWED', { cause: error })
    }
    if (error.payload.code === RPC_ERROR_CODES.unsupportedMethod) {
      return new PorticoError('RPC_NOT_ALLOWED', { cause: error })
    }
    return undefined
  }

  /** A request the wallet refused opens the modal on ApproveTransaction with the error. */
  function showRefusal(error: PorticoError): PorticoError {
    const data: ApproveTransactionData = { error: errorMessage(error) }
    if (modal.isShowing('ApproveTransaction')) modal.replace('ApproveTransaction', data)
    else if (modal.$open.get()) modal.push('ApproveTransaction', data)
    else modal.open({ view: 'ApproveTransaction', data })
    return error
  }

  /** The frame's error for the chain adapter: a refusal, or an EIP-1193 error with its code. */
  function rpcFailure(error: unknown): unknown {
    const refusal = refusalOf(error)
    if (refusal) return showRefusal(refusal)
    if (error instanceof FrameAnswerError) {
      const { code, message, data } = error.payload
      return providerError(code ?? 4900, message, data)
    }
    return error
  }

  let approvals = 0
  let approvalMethod: string | undefined
  let reloading: Promise<void> | undefined

  /** Asks the frame to reload: it drops the approvals it shows, and says READY again. */
  function reloadFrame(): Promise<void> {
    if ($frame.get().status !== 'ready') return Promise.resolve()
    reloading ??= ask('RELOAD', {})
      .then(
        () => {
          setFrame({ status: 'loading', approval: undefined })
          frame.reloading()
        },
        (error) => logger.warn('the secure frame did not reload', error),
      )
      .finally(() => {
        reloading = undefined
      })
    return reloading
  }

  function openApproval(method: string) {
    approvalMethod = method
    if (modal.isShowing('ApproveTransaction')) return
    const data: ApproveTransactionData = { method }
    if (modal.$open.get()) modal.push('ApproveTransaction', data)
    else modal.open({ view: 'ApproveTransaction', data })
  }

  /** The request was answered: ApproveTransaction pops, or the modal closes if it was alone. */
  function leaveApproval() {
    if (approvals > 0 || !modal.isShowing('ApproveTransaction')) return
    if (modal.$stack.get().length > 1) modal.back()
    else modal.close()
  }
  // The user closed the modal while a flow waited (a send): reopening shows the approval again.
  cleanups.push(
    modal.onOpenChange((open) => {
      if (open && approvals > 0 && approvalMethod && !modal.isShowing('ApproveTransaction')) {
        modal.push('ApproveTransaction', { method: approvalMethod })
      }
    }),
  )

  async function unsafeRequest(method: string, params: unknown): Promise<unknown> {
    const list = Array.isArray(params) ? params : []
    const problem =
      method === 'wallet_sendCalls'
        ? checkSendCalls(params)
        : method === 'eth_sendTransaction'
          ? checkTransaction(list[0])
          : undefined
    if (problem) throw invalid(problem, `The ${method} request is not valid`)
    let abort: (reason: Error) => void = () => {}
    const aborted = new Promise<never>((_, reject) => {
      abort = reject
    })
    aborted.catch(() => undefined)
    // Closing the modal with no transaction step waiting rejects the request ('Request was
    // aborted'); the frame then reloads, which drops the approval it shows.
    const settle = requests.track(method, (reason) => {
      abort(reason)
      void reloadFrame()
    })
    approvals++
    openApproval(method)
    let refused = false
    try {
      const { result } = await Promise.race([
        ask('RPC_REQUEST', { method, params: params as never }, undefined),
        aborted,
      ])
      if (!isTransactionLike(result) && (typeof result !== 'object' || result === null)) {
        throw new PorticoError('INVALID_RESPONSE', `The wallet's answer to ${method} is not valid`)
      }
      return result
    } catch (error) {
      refused = refusalOf(error) !== undefined
      throw rpcFailure(error)
    } finally {
      settle()
      approvals--
      if (!refused) leaveApproval()
    }
  }

  async function request({ method, params }: { method: string; params?: unknown }) {
    switch (method) {
      case 'eth_accounts':
        return accounts(false)
      case 'eth_requestAccounts':
        return accounts(true)
      case 'eth_chainId':
        return chainId()
      case 'wallet_switchEthereumChain':
        return switchChain(params)
    }
    const kind = rpcMethodClass(method)
    if (kind === 'refused') throw showRefusal(new PorticoError('RPC_NOT_ALLOWED'))
    if (kind === 'unsafe') return unsafeRequest(method, params)
    try {
      const { result } = await ask('RPC_REQUEST', {
        method,
        ...(params === undefined ? {} : { params: params as never }),
      })
      return result
    } catch (error) {
      throw rpcFailure(error)
    }
  }

  async function signOut() {
    loginAttempt++
    updateAttempt++
    $login.set(EMPTY_LOGIN)
    $updateEmail.set(EMPTY_UPDATE)
    $user.set(undefined)
    if ($frame.get().status === 'idle' || $frame.get().status === 'failed') return
    try {
      // At most 3 s, the frame's load included: then the local sign-out stands alone.
      await withDeadline(ask('SIGN_OUT', {}, FRAME_TIMINGS.signOutWaitMs), {
        timeoutMs: FRAME_TIMINGS.signOutWaitMs,
      })
    } catch (error) {
      logger.warn('the secure frame did not confirm the sign-out', error)
    }
  }

  // Leaving ConnectingFarcaster without an address: start from a fresh frame.
  cleanups.push(context.events.on(authReloadEvent, () => void reloadFrame()))

  return {
    request,
    signOut,
    connectEmail,
    verifyOtp,
    resendCode() {
      const { email } = $login.get()
      if (!email) throw invalid({ key: 'auth.error.noLogin' }, 'No email login to resend')
      return connectEmail(email)
    },
    resetLogin,
    async updateEmail(raw) {
      const email = typeof raw === 'string' ? raw.trim() : ''
      if (!isValidEmail(email)) throw invalid({ key: 'auth.invalidEmail' }, 'Invalid email')
      await runUpdate('email', async (attempt) => {
        updating(attempt, { email })
        await ask('UPDATE_EMAIL', { email })
        updating(attempt, { ...idleState(), step: 'primary', email })
      })
    },
    async verifyPrimaryOtp(raw) {
      const otp = assertOtp(raw)
      await runUpdate('primary', async (attempt) => {
        await ask('UPDATE_EMAIL_PRIMARY_OTP', { otp })
        updating(attempt, { ...idleState(), step: 'secondary' })
      })
    },
    verifySecondaryOtp(raw) {
      const otp = assertOtp(raw)
      return runUpdate('secondary', async (attempt) => {
        const { email } = await ask('UPDATE_EMAIL_SECONDARY_OTP', { otp })
        const user = $user.get()
        if (user) $user.set({ ...user, email })
        updating(attempt, { ...successState(email), step: 'secondary', email })
        return email
      })
    },
    resetUpdateEmail() {
      updateAttempt++
      $updateEmail.set(EMPTY_UPDATE)
    },
    showFrame(next) {
      placement = next
      applyPlacement()
    },
    preload: () => frame.ready(),
    destroy() {
      for (const cleanup of cleanups) cleanup()
      loginAttempt++
      updateAttempt++
      frame.reset(new PorticoError('ABORTED', 'The client was destroyed'))
    },
  }
}
