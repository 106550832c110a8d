import type { ViewName } from '@portico/core'
import { useCallback } from 'react'
import { UI_FEATURES } from '../features.js'
import { preloadView } from '../kit/context.js'

/** Fetches a view's code (for buttons outside the modal, on hover and focus). */
export function usePrefetchView(view: ViewName): () => void {
  return useCallback(() => preloadView(UI_FEATURES, view), [view])
}
