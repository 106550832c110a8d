import { UI_FEATURES } from '../features.js'
import type { MessageKeyOf } from '../kit/feature.js'
import { type UiMessages, useMessagesOf } from '../kit/messages.js'

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
  return useMessagesOf(UI_FEATURES)
}
