import type { ViewName } from '@portico/core'
import { useMemo } from 'react'
import { preloadView, useFeatures } from './context.js'

/**
 * Handlers that fetch a view's code when the user shows the intent to open it (pointer over the
 * button, or keyboard focus on it), so it is there when they click.
 */
export function usePreloadOnIntent(view: ViewName | undefined): {
  onPointerEnter(): void
  onFocus(): void
} {
  const features = useFeatures()
  return useMemo(() => {
    const preload = () => {
      if (view) preloadView(features, view)
    }
    return { onPointerEnter: preload, onFocus: preload }
  }, [features, view])
}
