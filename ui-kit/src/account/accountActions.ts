import type { ViewName } from '@portico/core'
import type { AccountActionContext, UiFeature } from '../kit/feature.js'

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
