import { useEffect } from 'react'
import { UI_FEATURES } from '../features.js'
import type { MessageKeyOf } from '../kit/feature.js'
import { tablesOf, type UiMessages, useMessagesOf } from '../kit/messages.js'

/** A key of the kit's texts. */
export type UiMessageKey = MessageKeyOf<typeof UI_FEATURES>

/**
 * The kit's texts in the client's language (`client.locale.$locale`; English until another
 * language's texts have loaded), with the app's `<PorticoProvider messages>` on top: `t(key,
 * params)`, `message()` for core's toasts and validation results, `error()` for Portico errors,
 * and the `locale` and `direction` shown. Usable anywhere under `PorticoProvider`: English beyond
 * the buttons' texts is fetched when the page is idle or the modal opens, or when this hook first
 * renders, whichever comes first (until it arrives, `has(key)` is false and `t` gives the key).
 *
 * @example
 * const { t } = useMessages()
 * t('allWallets.count', { count: 12 }) // '12 wallets'
 */
export function useMessages(): UiMessages<UiMessageKey> {
  useEffect(() => {
    tablesOf(UI_FEATURES)
      .ensure('en')
      .catch((error: unknown) =>
        console.warn('Portico: the English texts could not be loaded', error),
      )
  }, [])
  return useMessagesOf(UI_FEATURES)
}

/**
 * The kit's texts for what shows before the modal's code arrives (its trigger buttons): English
 * from the page's own table, without fetching the rest.
 */
export function usePageMessages(): UiMessages<UiMessageKey> {
  return useMessagesOf(UI_FEATURES)
}
