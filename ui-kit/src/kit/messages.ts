import { useStore } from '@nanostores/react'
import { errorMessage, type Message, type PorticoError } from '@portico/core'
import { useLocale, useMessageOverrides } from '@portico/react'
import { atom, onMount, type ReadableAtom, type WritableAtom } from 'nanostores'
import { createContext, useContext, useMemo, useRef } from 'react'
import type { UiFeature } from './feature.js'
import { LOCALE_DIRECTION, type LoadedLocale, resolveUiLocale, type UiLocale } from './locales.js'
import { formatText, type MessageParams, type MessageTable, type Text } from './text.js'

/** Texts in the user's language, with the helpers that render them. */
export type UiMessages<Key extends string = string> = {
  /** The language shown (the requested one once its texts are loaded; English until then). */
  locale: UiLocale
  /** Its writing direction, for `dir`. */
  direction: 'ltr' | 'rtl'
  /** The text of a key with its `{placeholders}` filled (the key itself when no table has it). */
  t(key: Key, params?: MessageParams): string
  /** Whether a text exists for the key (in this language, English, or the app's overrides). */
  has(key: string): boolean
  /** A message from core (a toast, a validation result) or an app text, as text. */
  message(content: Message | { text: string }): string
  /** A Portico error as text for the user: its message key when core gave one, else `error.<CODE>`. */
  error(error: PorticoError): string
}

type Tables = {
  english: MessageTable
  /** Each language's merged table; subscribing loads it (once). */
  load(locale: LoadedLocale): ReadableAtom<MessageTable | undefined>
}

const tablesByFeatures = new WeakMap<readonly UiFeature[], Tables>()

/**
 * The merged tables of a feature list. Non-English tables are nanostores that fetch their modules
 * when first subscribed (fetch on use): a page in English downloads no other language.
 */
export function tablesOf(features: readonly UiFeature[]): Tables {
  let tables = tablesByFeatures.get(features)
  if (tables) return tables
  const english: MessageTable = Object.assign({}, ...features.map((f) => f.messages.en))
  const stores = new Map<LoadedLocale, WritableAtom<MessageTable | undefined>>()
  tables = {
    english,
    load(locale) {
      let store = stores.get(locale)
      if (!store) {
        const created = atom<MessageTable | undefined>(undefined)
        onMount(created, () => {
          if (created.get()) return
          Promise.all(features.map((feature) => feature.messages[locale]()))
            .then((modules) => {
              created.set(Object.assign({}, ...modules.map((module) => module.default)))
            })
            .catch((error: unknown) => {
              // English stays on screen; the next subscriber tries again.
              console.warn(`Portico: the ${locale} texts could not be loaded`, error)
            })
        })
        stores.set(locale, created)
        store = created
      }
      return store
    },
  }
  tablesByFeatures.set(features, tables)
  return tables
}

const ENGLISH = atom<MessageTable | undefined>(undefined)

/** English texts of the views loaded so far (they come with the views' code). */
const $viewTexts = atom<MessageTable>({})

/**
 * Registers English texts that only views show. Their module calls it when it loads (with a
 * view's code): the page's first load then carries only the texts it can show before any view.
 */
export function registerViewTexts<const T extends MessageTable>(texts: T): T {
  $viewTexts.set({ ...$viewTexts.get(), ...texts })
  return texts
}

function build(
  locale: UiLocale,
  table: MessageTable,
  english: MessageTable,
  overrides: Readonly<Record<string, Text | undefined>>,
): UiMessages {
  const lookup = (key: string): Text | undefined => overrides[key] ?? table[key] ?? english[key]
  const t = (key: string, params?: MessageParams) => {
    const text = lookup(key)
    if (text !== undefined) return formatText(text, locale, params)
    // An error code this version does not know still reads as an error, not as its key.
    const fallback = key.startsWith('error.') ? lookup('error.UNKNOWN_ERROR') : undefined
    return fallback === undefined ? key : formatText(fallback, locale, params)
  }
  return {
    locale,
    direction: LOCALE_DIRECTION[locale],
    t,
    has: (key) => lookup(key) !== undefined,
    message: (content) => ('text' in content ? content.text : t(content.key, content.params)),
    error(error) {
      // Core names the rule a rejected input broke under details.message (or details.rule).
      const detail = error.details?.message ?? error.details?.rule
      if (typeof detail === 'string' && lookup(detail) !== undefined) return t(detail)
      const { key, params } = errorMessage(error)
      return t(key, params)
    },
  }
}

/**
 * The texts of a feature list in the client's language (`client.locale.$locale`), with the app's
 * overrides (`<PorticoProvider messages>`) on top. While another language loads, the texts on
 * screen stay as they are, then switch at once with their direction.
 */
export function useMessagesOf(features: readonly UiFeature[]): UiMessages {
  const { locale: requested } = useLocale()
  const target = resolveUiLocale(requested)
  const tables = tablesOf(features)
  const loaded = useStore(target === 'en' ? ENGLISH : tables.load(target))
  const viewTexts = useStore($viewTexts)
  const table = target === 'en' ? tables.english : loaded
  const last = useRef<{ locale: UiLocale; table: MessageTable }>({
    locale: 'en',
    table: tables.english,
  })
  if (table) last.current = { locale: target, table }
  const shown = last.current
  const overrides = useMessageOverrides() as Readonly<Record<string, Text | undefined>>
  const english = useMemo(() => ({ ...viewTexts, ...tables.english }), [viewTexts, tables])
  return useMemo(
    () => build(shown.locale, shown.table, english, overrides),
    [shown.locale, shown.table, english, overrides],
  )
}

/** The texts the modal hands to its views (views never import the feature list). */
export const MessagesContext = createContext<UiMessages | undefined>(undefined)

/**
 * The texts inside `<Modal>`, typed by a feature's English tables:
 * `const { t } = useViewMessages<typeof en & typeof views>(views)`. A view passes its own texts
 * (`en.views.ts`): using them keeps their module, which registers them, in the view's code.
 */
export function useViewMessages<T extends MessageTable = MessageTable>(
  _ownTexts?: MessageTable,
): UiMessages<Extract<keyof T, string>> {
  const messages = useContext(MessagesContext)
  if (!messages) throw new Error('Portico views must be rendered inside <Modal>')
  return messages
}
