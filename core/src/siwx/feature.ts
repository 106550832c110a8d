import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import type { CaipAddress } from '../caip/index.js'
import { connectionEvent, connectionFeature } from '../connection/index.js'
import { PorticoError } from '../errors/index.js'
import { type AsyncState, createAsyncAction, idleState } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import { networkFeature } from '../network/feature.js'
import { toastFeature } from '../toast/feature.js'
import { walletConnectFeature } from '../walletconnect/feature.js'
import { SIWX_MESSAGES, SIWX_STORAGE_KEYS } from './constants.js'
import type { SiwxFlow, SiwxPreparedMessage } from './flow.js'
import type { SiwxOptions, SiwxSession, SiwxSessionInfo } from './types.js'

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
  setSession(session: SiwxSession | undefined): void
}

/**
 * Sign in with the wallet: a light shell (options, stores, the modal's close guard, the triggers)
 * that loads the flow with `import()` the first time it is needed, so an app without sign-in
 * never downloads it and one with sign-in downloads it after the page has loaded.
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
  create(context, { siwx, siweConfig }): { public: SiwxFeature; internal: SiwxInternal } {
    const modal = context.use(modalFeature)
    const connection = context.use(connectionFeature)
    const network = context.use(networkFeature)
    const toast = context.use(toastFeature)
    const walletConnect = context.use(walletConnectFeature)
    const enabled = Boolean(siwx || siweConfig)
    const isRequired = () =>
      siwx ? Boolean(siwx.getRequired?.()) : Boolean(siweConfig && (siweConfig.required ?? true))
    const $session = atom<SiwxSession | undefined>(undefined)
    const $message = atom<AsyncState<SiwxPreparedMessage>>(idleState())

    // Everything sign-in does lives in the flow, fetched with `import()` the first time it is
    // needed: a connection event, a hook showing the session of a connected account, an action.
    // Before that the client carries only these stores and triggers; without a configuration it
    // never fetches it (the actions reject at once).
    let loading: Promise<SiwxFlow> | undefined
    const flow = () =>
      (loading ??= import('./flow.js').then(
        (module) =>
          module.createSiwxFlow({
            context,
            config: siwx,
            legacy: siweConfig,
            modal,
            connection,
            network,
            toast,
            $session,
            $message,
            resetSignIn: signing.reset,
          }),
        (cause: unknown) => {
          // The next use fetches again: a failed fetch (offline, a deploy in between) is not kept.
          loading = undefined
          throw new PorticoError('UNKNOWN_ERROR', 'The sign-in code could not be loaded', {
            cause,
            details: { message: SIWX_MESSAGES.loadFailed },
          })
        },
      ))
    const run = <T>(action: (flow: SiwxFlow) => Promise<T>): Promise<T> =>
      enabled ? flow().then(action) : Promise.reject(new PorticoError('SIWX_NOT_ENABLED'))
    const quietly = (action: (flow: SiwxFlow) => unknown) =>
      run(async (f) => action(f)).catch((e) => context.logger.warn('sign-in', e))
    const signing = createAsyncAction(() => run((f) => f.signIn()))

    if (enabled) {
      // The modal stays open while sign-in is required and missing, connected or not yet.
      modal.addCloseGuard(() => !(isRequired() && !$session.get()))
      context.onDestroy(
        context.events.on(connectionEvent, (e) => quietly((f) => f.onConnection(e))),
      )
      // On use (a hook shows the session): read the connected account's, without asking.
      // Nobody connected has no session to read: the connection event does it when one comes.
      onMount($session, () => {
        if (connection.$connection.get().status === 'connected') quietly((f) => f.check(false))
      })
      walletConnect.setSignIn({
        request: () => run((f) => f.oneClickRequest()),
        accept: (cacaos, format) => run((f) => f.acceptCacaos(cacaos, format)),
      })
    }

    const feature: SiwxFeature = {
      $session,
      $sessionInfo: computed($session, (session): SiwxSessionInfo | undefined => {
        if (!session) return undefined
        const { accountAddress, chainId, expirationTime } = session.data
        return {
          address: accountAddress,
          chainId,
          caipAddress: `${chainId}:${accountAddress}` as CaipAddress,
          expiresAt: expirationTime,
          via: session.cacao ? 'cacao' : 'message',
        }
      }),
      $signIn: signing.$state,
      $message,
      isEnabled: () => enabled,
      isRequired,
      signIn: signing.run,
      signOut: () => run((f) => f.signOut()),
      cancel: () => run((f) => f.cancel()),
      prepareMessage: () => run((f) => f.prepare()),
    }
    return { public: feature, internal: { ...feature, setSession: (s) => $session.set(s) } }
  },
})
