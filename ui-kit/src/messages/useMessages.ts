import { useEffect } from 'react'
import { UI_FEATURES } from '../features.js'
import type { MessageKeyOf } from '../kit/feature.js'
import { loadModalTexts, type UiMessages, useMessagesOf } from '../kit/messages.js'

/** A key of the kit's texts. */
export type UiMessageKey = MessageKeyOf<typeof UI_FEATURES>

/**
 * The kit's texts in the client's language (`client.locale.$locale`; English until another
 * language's texts have loaded), with the app's `<PorticoProvider messages>` on top: `t(key,
 * params)`, `message()` for core's toasts and validation results, `error()` for Portico errors,
 * and the `locale` and `direction` shown. Usable anywhere under `PorticoProvider`.
 *
 * @example
 * const { t } = useMessages()
 * t('allWallets.count', { count: 12 }) // '12 wallets'
 */
export function useMessages(): UiMessages<UiMessageKey> {
  // The app may show any text (an error, a view's title) before the modal opens: the English the
  // page's first load leaves out is fetched once a component uses this hook.
  useEffect(() => {
    loadModalTexts(UI_FEATURES).catch(() => undefined)
  }, [])
  return useMessagesOf(UI_FEATURES)
}

/**
 * The kit's texts for its own buttons, which show only texts the page's first load has: unlike
 * `useMessages`, it fetches nothing (the modal's texts come with its first view's prefetch).
 */
export function useButtonMessages(): UiMessages<UiMessageKey> {
  return useMessagesOf(UI_FEATURES)
}
