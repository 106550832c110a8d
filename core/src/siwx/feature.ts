import { atom, onMount, type ReadableAtom } from 'nanostores'
import { connectionEvent, connectionFeature } from '../connection/index.js'
import { PorticoError } from '../errors/index.js'
import { type AsyncState, createAsyncAction, idleState } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import { networkFeature } from '../network/feature.js'
import { toastFeature } from '../toast/feature.js'
import { walletConnectFeature } from '../walletconnect/feature.js'
import { SIWX_LOAD_FAILED, SIWX_STORAGE_KEYS } from './constants.js'
import type {
  SiwxAtoms,
  SiwxHalf,
  SiwxOptions,
  SiwxPreparedMessage,
  SiwxSession,
  SiwxSessionInfo,
} from './types.js'

/** Sign in with the wallet (`client.siwx`). */
export type SiwxFeature = {
  /** The connected account's session, once signed (or found after a reload). */
  $session: ReadableAtom<SiwxSession | undefined>
  /** The same, as the UI shows it: address, network, expiry. */
  $sessionInfo: ReadableAtom<SiwxSessionInfo | undefined>
  /** The last `signIn()`: pending while the wallet and the server are asked. */
  $signIn: ReadableAtom<AsyncState<SiwxSession>>
  /** The message the sign-in view shows, made when it opens. */
  $message: ReadableAtom<AsyncState<SiwxPreparedMessage>>
  /** Whether the app configured sign-in (`siwx` or `siweConfig`). */
  isEnabled(): boolean
  /** Whether the app requires sign-in: the modal cannot close until the user has signed in. */
  isRequired(): boolean
  /**
   * Signs the connected account in: the message, the wallet's signature, the configuration's
   * `addSession` (a server checks it). A call while one is pending joins it: one wallet prompt.
   * Throws 'SIWX is not enabled' without a configuration, 'No ActiveCaipAddress found' when
   * nobody is connected.
   */
  signIn(): Promise<SiwxSession>
  /** Revokes the session of the connected account; disconnects when sign-in is required. */
  signOut(): Promise<void>
  /** The sign-in view's Cancel: disconnects when sign-in is required, otherwise closes. */
  cancel(): Promise<void>
  /** Makes the view's message again (after it could not be made). */
  prepareMessage(): Promise<void>
}

/** What tests may do beyond the public part: set the session a flow would have stored. */
export type SiwxInternal = SiwxFeature & {
  /** Sets `$session` only: `$sessionInfo` is written by sign-in's code with the sessions it finds. */
  setSession(session: SiwxSession | undefined): void
}

/**
 * Sign in with the wallet. The shell every page loads holds the options, the stores, the modal's
 * close guard and the triggers; what sign-in does (`lazy.ts`) comes the first time it is needed
 * (a connection, a hook showing the session of a connected account, an action), so an app
 * without sign-in never downloads it and one with sign-in downloads it after the page loaded.
 */
export const siwxFeature = defineFeature({
  name: 'siwx',
  needs: [modalFeature, connectionFeature, networkFeature, toastFeature, walletConnectFeature],
  storageKeys: SIWX_STORAGE_KEYS,
  options(input: SiwxOptions) {
    const { siwx, siweConfig } = input
    if (siweConfig && siwx) throw new PorticoError('SIWE_AND_SIWX_BOTH_SET')
    for (const [name, config, methods] of [
      [
        'siwx',
        siwx,
        ['createMessage', 'addSession', 'getSessions', 'revokeSession', 'setSessions'],
      ],
      ['siweConfig', siweConfig, ['getNonce', 'createMessage', 'verifyMessage', 'getSession']],
    ] as const) {
      const missing = config && methods.find((m) => typeof (config as never)[m] !== 'function')
      if (missing)
        throw new PorticoError('INVALID_OPTIONS', `${name}.${missing} must be a function`)
    }
    return { siwx, siweConfig: siweConfig?.enabled === false ? undefined : siweConfig }
  },
  lazy: () => import('./lazy.js'),
  lazyError: SIWX_LOAD_FAILED,
  create(context, { siwx, siweConfig }, lazy): { public: SiwxFeature; internal: SiwxInternal } {
    const modal = context.use(modalFeature)
    const connection = context.use(connectionFeature)
    const enabled = Boolean(siwx || siweConfig)
    const isRequired = () =>
      siwx ? Boolean(siwx.getRequired?.()) : Boolean(siweConfig && (siweConfig.required ?? true))
    const stores: SiwxAtoms = {
      $session: atom(undefined),
      $sessionInfo: atom(undefined),
      $message: atom(idleState()),
    }
    const half = lazy({
      stores,
      config: siwx,
      legacy: siweConfig,
      modal,
      connection,
      network: context.use(networkFeature),
      toast: context.use(toastFeature),
      resetSignIn: () => signing.reset(),
    })
    // Without a configuration the code is never fetched: the actions reject at once.
    const run = <T>(task: (half: SiwxHalf) => Promise<T>): Promise<T> =>
      enabled ? half.use(task) : Promise.reject(new PorticoError('SIWX_NOT_ENABLED'))
    const quietly = (task: (half: SiwxHalf) => unknown) =>
      run(async (f) => task(f)).catch((e) => context.logger.warn('sign-in', e))
    const signing = createAsyncAction(() => run((f) => f.signIn()))

    if (enabled) {
      // The modal stays open while sign-in is required and missing, connected or not yet.
      modal.addCloseGuard(() => !(isRequired() && !stores.$session.get()))
      context.onDestroy(
        context.events.on(connectionEvent, (e) => quietly((f) => f.onConnection(e))),
      )
      // On use (a hook shows the session): read the connected account's, without asking.
      // Nobody connected has no session to read: the connection event does it when one comes.
      const read = () => {
        if (connection.$connection.get().status === 'connected') quietly((f) => f.check(false))
      }
      onMount(stores.$session, read)
      onMount(stores.$sessionInfo, read)
      context.use(walletConnectFeature).setSignIn({
        request: () => run((f) => f.oneClickRequest()),
        accept: (cacaos, format) => run((f) => f.acceptCacaos(cacaos, format)),
      })
    }

    const feature: SiwxFeature = {
      ...stores,
      $signIn: signing.$state,
      isEnabled: () => enabled,
      isRequired,
      signIn: signing.run,
      signOut: () => run((f) => f.signOut()),
      cancel: () => run((f) => f.cancel()),
      prepareMessage: () => run((f) => f.prepare()),
    }
    return {
      public: feature,
      internal: { ...feature, setSession: (s) => stores.$session.set(s) },
    }
  },
})
