import type { ViewName } from '@portico/core'
import { usePortico } from '@portico/react'
import { useCallback } from 'react'
import { UI_FEATURES } from '../features.js'
import { preloadView } from '../kit/context.js'

/**
 * Fetches a view's code and the core code it needs (for buttons outside the modal, on hover and
 * focus).
 */
export function usePrefetchView(view: ViewName): () => void {
  const { modal } = usePortico()
  return useCallback(() => {
    preloadView(UI_FEATURES, view)
    modal.prefetch(view)
  }, [modal, view])
}
