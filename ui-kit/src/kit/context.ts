import type { ViewName } from '@portico/core'
import { createContext, useContext } from 'react'
import type { AccountActionContext, UiFeature } from './feature.js'

/** What the modal shares with its views: the feature list (views never import it). */
export const FeaturesContext = createContext<readonly UiFeature[]>([])

/** An account action ready to draw: its text and what it opens. */
export type ResolvedAccountAction = {
  id: string
  /** The key of its text. */
  label: string
  view: ViewName
}

/**
 * The Account view's actions offered now: those of wallet features (onramp, swaps, receive,
 * send) in the app's `walletFeaturesOrder`, then the others in the order of the feature list.
 */
export function accountActions(
  features: readonly UiFeature[],
  context: AccountActionContext,
): ResolvedAccountAction[] {
  const order: readonly string[] = context.client.options.features.walletFeaturesOrder
  const available = features.flatMap((feature) =>
    (feature.accountActions ?? []).filter((action) => action.isAvailable(context)),
  )
  const ranked = available.filter((action) => order.includes(action.id))
  ranked.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
  const rest = available.filter((action) => !order.includes(action.id))
  return [...ranked, ...rest].map(({ id, label, view }) => ({ id, label, view }))
}

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

/** The views worth fetching once `view` shows: where it leads. */
export function nextViews(features: readonly UiFeature[], view: ViewName): ViewName[] {
  return features.flatMap((feature) => [...(feature.prefetch?.[view] ?? [])])
}

/** The feature list the modal renders with. */
export function useFeatures(): readonly UiFeature[] {
  return useContext(FeaturesContext)
}
