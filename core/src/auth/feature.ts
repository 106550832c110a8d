import { atom } from 'nanostores'
import { alertsFeature } from '../alerts/index.js'
import { connectionFeature } from '../connection/index.js'
import { connectorsFeature } from '../connectors/index.js'
import { PorticoError } from '../errors/index.js'
import { authReloadEvent } from '../farcaster/index.js'
import { idleState } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import { networkFeature } from '../network/feature.js'
import { requestsFeature } from '../requests/index.js'
import { themeFeature } from '../theme/index.js'
import { toastFeature } from '../toast/feature.js'
import { AUTH_CONNECTOR_ID, LAST_EMAIL_LOGIN_KEY } from './constants.js'
import type {
  AuthFeature,
  AuthHalf,
  AuthInternal,
  AuthOptions,
  AuthUser,
  EmailLoginState,
  FrameHost,
  FrameState,
  ProviderListener,
  UpdateEmailState,
} from './types.js'

export type { AuthFeature, AuthInternal } from './types.js'

/**
 * Email login through the secure frame. The shell every page loads holds the stores, the auth
 * connector (the Connect view lists it) and actions that wait for the rest; the frame client
 * itself (protocol, flows, RPC rules: `lazy.ts`) is fetched the first time the user picks email
 * or a stored email login reconnects, so an app whose users never pick email never downloads it.
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
  lazy: () => import('./lazy.js'),
  // The spec's own words when the email login's code cannot be fetched.
  lazyError: (cause) => new PorticoError('EMAIL_DEPENDENCY_LOAD_FAILED', { cause }),
  create(context, { enableLogger }, lazy): { public: AuthFeature; internal: AuthInternal } {
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
    const listeners = new Set<ProviderListener>()
    let host: FrameHost | undefined
    const half = lazy({
      stores,
      enableLogger,
      host: () => host,
      connectorId: AUTH_CONNECTOR_ID,
      listeners,
      lastLoginKey: LAST_EMAIL_LOGIN_KEY,
      reloadEvent: authReloadEvent,
      connection: context.use(connectionFeature),
      modal: context.use(modalFeature),
      network: context.use(networkFeature),
      alerts: context.use(alertsFeature),
      requests: context.use(requestsFeature),
      toast: context.use(toastFeature),
      theme: context.use(themeFeature),
    })
    const { request, signOut } = half.actions('request', 'signOut')
    // At once when the code is here; after the calls already waiting for it otherwise.
    const now =
      <K extends 'resetLogin' | 'resetUpdateEmail' | 'showFrame'>(name: K) =>
      (...args: Parameters<AuthHalf[K]>) =>
        void half
          .use((wallet) => (wallet[name] as (...a: typeof args) => void)(...args))
          .catch(() => undefined)

    if (context.options.features.email) {
      context.use(connectorsFeature).add({
        id: AUTH_CONNECTOR_ID,
        name: 'Email',
        type: 'AUTH',
        chain: 'eip155',
        provider: {
          request,
          on: (event, listener) => listeners.add([event, listener]),
          removeListener(event, listener) {
            for (const entry of listeners) {
              if (entry[0] === event && entry[1] === listener) listeners.delete(entry)
            }
          },
        },
        disconnect: signOut,
      })
    }

    return {
      public: {
        ...stores,
        ...half.actions(
          'connectEmail',
          'verifyOtp',
          'resendCode',
          'updateEmail',
          'verifyPrimaryOtp',
          'verifySecondaryOtp',
          'preload',
        ),
        resetLogin: now('resetLogin'),
        resetUpdateEmail: now('resetUpdateEmail'),
        showFrame: now('showFrame'),
      },
      internal: {
        useHost(next) {
          host = next
        },
      },
    }
  },
})
