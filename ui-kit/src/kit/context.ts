import type { ViewName } from '@portico/core'
import { createContext, useContext } from 'react'
import type { UiFeature } from './feature.js'

/** What the modal shares with its views: the feature list (views never import it). */
export const FeaturesContext = createContext<readonly UiFeature[]>([])

/** The built-in component of a view, if a feature of the list draws it. */
export function featureView(features: readonly UiFeature[], view: ViewName) {
  for (const feature of features) {
    const component = feature.views?.[view]
    if (component) return component
  }
  return undefined
}

/** Fetches the code of a view (and nothing when no feature draws it or it is loaded). */
export function preloadView(features: readonly UiFeature[], view: ViewName): void {
  const component = featureView(features, view)
  if (component && !component.isLoaded()) component.preload().catch(() => undefined)
}

/** The feature list the modal renders with. */
export function useFeatures(): readonly UiFeature[] {
  return useContext(FeaturesContext)
}
