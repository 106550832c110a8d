import type { UI_FEATURES } from '../features.js'
import type { MessageKeyOf } from '../kit/feature.js'
import {
  languageStores,
  type Tables,
  tablesOf,
  type UiMessages,
  useMessagesFrom,
} from '../kit/messages.js'
import type { MessageTable } from '../kit/text.js'
import page from '../modal/messages/en.page.js'

/**
 * The texts of what shows before the modal's code arrives (its trigger buttons, the notifications
 * region, the dialog's loading placeholder): English from the page's own table; another language
 * with the feature list, fetched when that language is shown.
 */
const pageTables: Tables = {
  english: page,
  load: languageStores((locale) =>
    import('../features.js').then(({ UI_FEATURES }) => {
      const store = tablesOf(UI_FEATURES).load(locale)
      return new Promise<MessageTable>((resolve) => {
        const stop = store.subscribe((table) => {
          if (!table) return
          resolve(table)
          queueMicrotask(() => stop())
        })
      })
    }),
  ),
}

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
