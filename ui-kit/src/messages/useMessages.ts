import type { UI_FEATURES } from '../features.js'
import type { MessageKeyOf } from '../kit/feature.js'
import { pageTables, type UiMessages, useMessagesFrom } from '../kit/messages.js'

/** A key of the kit's texts. */
export type UiMessageKey = MessageKeyOf<typeof UI_FEATURES>

/**
 * The kit's texts for what shows before the modal's code arrives (its trigger buttons, the
 * notifications region, the dialog's placeholder): English from the page's own table, another
 * language fetched when shown. Every other text comes with the modal's code (`useMessages()`).
 */
export function usePageMessages(): UiMessages<UiMessageKey> {
  return useMessagesFrom(pageTables)
}
