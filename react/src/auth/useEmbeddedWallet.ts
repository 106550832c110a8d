import { useStore } from '@nanostores/react'
import type { AuthUser, FrameState } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useEmbeddedWallet` returns. */
export type UseEmbeddedWalletReturnType = {
  /** The signed-in user (email, address, chain, accounts), or undefined. */
  user: AuthUser | undefined
  /** The secure frame: idle (not loaded), loading, ready or failed; the approval it shows. */
  frame: FrameState
}

/** The embedded wallet behind email login: who is signed in, and the secure frame's state. */
export function useEmbeddedWallet(): UseEmbeddedWalletReturnType {
  const { auth } = usePortico()
  const user = useStore(auth.$user)
  const frame = useStore(auth.$frame)
  return useMemo(() => ({ user, frame }), [user, frame])
}
