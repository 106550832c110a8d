import { useStore } from '@nanostores/react'
import type { AuthFeature, FrameState } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useSecureFrame` returns. */
export type UseSecureFrameReturnType = {
  /** The secure frame: idle (not loaded), loading, ready or failed; the approval it shows. */
  frame: FrameState
  /**
   * Places the secure frame over an area of the page (it stays in its own origin, positioned over
   * the area) with its accessible name; undefined hides it.
   */
  showFrame: AuthFeature['showFrame']
}

/** The embedded wallet's secure frame: its state, and where on the page it shows its approval. */
export function useSecureFrame(): UseSecureFrameReturnType {
  const { auth } = usePortico()
  const frame = useStore(auth.$frame)
  return useMemo(() => ({ frame, showFrame: auth.showFrame }), [frame, auth])
}
