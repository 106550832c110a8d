import { atom, type ReadableAtom } from 'nanostores'
import { connectionFeature } from '../connection/index.js'
import { PorticoError } from '../errors/index.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import type { SiwxOptions, SiwxSession } from './types.js'

/** Sign in with the wallet (`client.siwx`). */
export type SiwxFeature = {
  /** The sign-in session of the connected account, once signed. */
  $session: ReadableAtom<SiwxSession | undefined>
  /** Whether the app requires sign-in before the modal may close. */
  isRequired(): boolean
}

export type SiwxInternal = SiwxFeature & {
  setSession(session: SiwxSession | undefined): void
}

/**
 * Sign in with the wallet. The modal cannot be closed while sign-in is required, a wallet is
 * connected, and no session exists.
 */
export const siwxFeature = defineFeature({
  name: 'siwx',
  needs: [modalFeature, connectionFeature],
  options(input: SiwxOptions) {
    if (input.siweConfig && input.siwx) throw new PorticoError('SIWE_AND_SIWX_BOTH_SET')
    return { siwx: input.siwx }
  },
  create(context, options): { public: SiwxFeature; internal: SiwxInternal } {
    const modal = context.use(modalFeature)
    const connection = context.use(connectionFeature)
    const $session = atom<SiwxSession | undefined>(undefined)
    const isRequired = () => Boolean(options.siwx?.getRequired?.())
    modal.addCloseGuard(
      () =>
        !(isRequired() && connection.$status.get() === 'connected' && $session.get() === undefined),
    )
    return {
      public: { $session, isRequired },
      internal: { $session, isRequired, setSession: (session) => $session.set(session) },
    }
  },
})
