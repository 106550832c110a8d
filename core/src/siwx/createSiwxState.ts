import { atom, type ReadableAtom } from 'nanostores'
import type { SiwxConfig, SiwxSession } from '../options/index.js'

export type SiwxStateFeature = {
  /** The sign-in session of the connected account, once signed. */
  $session: ReadableAtom<SiwxSession | undefined>
  /** Whether the app requires sign-in before the modal may close. */
  isRequired(): boolean
  setSession(session: SiwxSession | undefined): void
}

export function createSiwxState(config: SiwxConfig | undefined): SiwxStateFeature {
  const $session = atom<SiwxSession | undefined>(undefined)
  return {
    $session,
    isRequired: () => Boolean(config?.getRequired?.()),
    setSession: (session) => $session.set(session),
  }
}
