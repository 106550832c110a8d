import { atom, type ReadableAtom } from 'nanostores'
import { alertsFeature } from '../alerts/index.js'
import type { ConnectReturnType } from '../connection/index.js'
import { connectionFeature } from '../connection/index.js'
import { type Connector, connectorsFeature } from '../connectors/index.js'
import { PorticoError } from '../errors/index.js'
import { idleState } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import { networkFeature } from '../network/feature.js'
import { requestsFeature } from '../requests/index.js'
import { themeFeature } from '../theme/index.js'
import { toastFeature } from '../toast/feature.js'
import { AUTH_CONNECTOR_ID, LAST_EMAIL_LOGIN_KEY } from './constants.js'
import type { FrameHost, FramePlacement } from './frame.js'
import type { AuthRuntime, EmailLoginOutcome } from './runtime.js'
import type {
  AuthOptions,
  AuthUser,
  EmailLoginState,
  FrameState,
  UpdateEmailState,
} from './types.js'

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

/**
 * Email login through the secure frame, as a light shell: the stores, the auth connector and
 * one-line actions. The frame client itself (protocol, flows, RPC rules) is a module of its own,
 * loaded the first time the user picks email or a stored email login reconnects; an app whose
 * users never pick email never downloads it.
 */
export const authFeature = defineFeature({
  name: 'auth',
  needs: [
    connectionFeature,
    connectorsFeature,
    modalFeature,
    networkFeature,
    alertsFeature,
    requestsFeature,
    toastFeature,
    themeFeature,
  ],
  storageKeys: [LAST_EMAIL_LOGIN_KEY],
  options: (input: AuthOptions) => ({ enableLogger: input.enableAuthLogger === true }),
  create(context, { enableLogger }): { public: AuthFeature; internal: AuthInternal } {
    const stores = {
      $login: atom<EmailLoginState>({
        ...idleState(),
        step: 'email',
        email: undefined,
        resendAt: undefined,
      }),
      $updateEmail: atom<UpdateEmailState>({ ...idleState(), step: 'email', email: undefined }),
      $user: atom<AuthUser | undefined>(undefined),
      $frame: atom<FrameState>({ status: 'idle', approval: undefined }),
    }
    const listeners = new Set<[string, (...args: never[]) => void]>()
    let host: FrameHost | undefined
    let runtime: AuthRuntime | undefined
    let loading: Promise<AuthRuntime> | undefined
    const load = () =>
      (loading ??= import('./runtime.js').then(
        (module) =>
          (runtime = module.createAuthRuntime({
            context,
            enableLogger,
            stores,
            host,
            emit(event, ...args) {
              for (const [name, listener] of listeners) {
                if (name === event) (listener as (...a: unknown[]) => void)(...args)
              }
            },
          })),
        (cause) => {
          loading = undefined
          throw new PorticoError('EMAIL_DEPENDENCY_LOAD_FAILED', { cause })
        },
      ))
    const later =
      <K extends keyof AuthRuntime>(name: K) =>
      (...args: Parameters<AuthRuntime[K]>) =>
        load().then((r) => (r[name] as (...a: unknown[]) => unknown)(...args)) as ReturnType<
          AuthRuntime[K]
        >
    // At once when the code is here; after the calls already waiting for it otherwise.
    const now =
      <K extends 'resetLogin' | 'resetUpdateEmail' | 'showFrame'>(name: K) =>
      (...args: Parameters<AuthRuntime[K]>) => {
        const run = (r: AuthRuntime) => (r[name] as (...a: unknown[]) => void)(...args)
        if (runtime) run(runtime)
        else loading?.then(run, () => undefined)
      }

    const connector: Connector = {
      id: AUTH_CONNECTOR_ID,
      name: 'Email',
      type: 'AUTH',
      chain: 'eip155',
      provider: {
        request: later('request'),
        on: (event, listener) => listeners.add([event, listener]),
        removeListener(event, listener) {
          for (const entry of listeners) {
            if (entry[0] === event && entry[1] === listener) listeners.delete(entry)
          }
        },
      },
      disconnect: later('signOut'),
    }
    if (context.options.features.email) context.use(connectorsFeature).add(connector)
    context.onDestroy(() => runtime?.destroy())

    return {
      public: {
        ...stores,
        connectEmail: later('connectEmail'),
        verifyOtp: later('verifyOtp'),
        resendCode: later('resendCode'),
        resetLogin: now('resetLogin'),
        updateEmail: later('updateEmail'),
        verifyPrimaryOtp: later('verifyPrimaryOtp'),
        verifySecondaryOtp: later('verifySecondaryOtp'),
        resetUpdateEmail: now('resetUpdateEmail'),
        showFrame: now('showFrame'),
        preload: later('preload'),
      },
      internal: {
        useHost(next) {
          host = next
        },
      },
    }
  },
})
