import type { ViewName } from '@portico/core'
import { useModal } from '@portico/react'
import { useCallback } from 'react'
import { prefetchModal } from '../modal/lazyDialog.js'

/**
 * Fetches the code of the modal's dialog, of a view and the core code it needs (for buttons
 * outside the modal, on hover and focus).
 */
export function usePrefetchView(view: ViewName): () => void {
  const { prefetch } = useModal()
  return useCallback(() => {
    prefetchModal(view)
    prefetch(view)
  }, [prefetch, view])
}
