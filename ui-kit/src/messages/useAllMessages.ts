import { UI_FEATURES } from '../features.js'
import { tablesOf, type UiMessages, useMessagesFrom } from '../kit/messages.js'
import type { UiMessageKey } from './useMessages.js'

/**
 * The kit's texts in the client's language (`client.locale.$locale`; English until another
 * language's texts have loaded), with the app's `<PorticoProvider messages>` on top: `t(key,
 * params)`, `message()` for core's toasts and validation results, `error()` for Portico errors,
 * and the `locale` and `direction` shown. Usable anywhere under `PorticoProvider`; it brings every
 * feature's English with it (a page that only shows the modal gets them with the dialog's code).
 *
 * @example
 * const { t } = useMessages()
 * t('allWallets.count', { count: 12 }) // '12 wallets'
 */
export function useMessages(): UiMessages<UiMessageKey> {
  return useMessagesFrom(tablesOf(UI_FEATURES))
}
