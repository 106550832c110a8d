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

export type Tables = {
  /** The English of the features (`page` and `en` tables): here as soon as the list is. */
  english: MessageTable
  /**
   * Another language's merged table, undefined until its modules have arrived. Subscribing loads
   * it (once; the next subscriber tries again after a failure).
   */
  load(locale: LoadedLocale): ReadableAtom<MessageTable | undefined>
}

const tablesByFeatures = new WeakMap<readonly UiFeature[], Tables>()

/**
 * The merged tables of a feature list: English at once, every other language as a nanostore
 * fetched when something shows it. A page in English downloads no other language.
 */
export function tablesOf(features: readonly UiFeature[]): Tables {
  let tables = tablesByFeatures.get(features)
  if (tables) return tables
  const english: MessageTable = Object.assign(
    {},
    ...features.flatMap((f) => [f.messages.page, f.messages.en]),
  )
  tables = {
    english,
    load: languageStores((locale) =>
      Promise.all(features.map((feature) => feature.messages[locale]())).then((modules) =>
        Object.assign({}, ...modules.map((module) => module.default)),
      ),
    ),
  }
  tablesByFeatures.set(features, tables)
  return tables
}

/** One store per language, filled by `fetch` the first time something shows it. */
export function languageStores(fetch: (locale: LoadedLocale) => Promise<MessageTable>) {
  const stores = new Map<LoadedLocale, WritableAtom<MessageTable | undefined>>()
  return (locale: LoadedLocale) => {
    let store = stores.get(locale)
    if (!store) {
      const created = atom<MessageTable | undefined>(undefined)
      let pending: Promise<void> | undefined
      onMount(created, () => {
        if (created.value) return
        pending ??= fetch(locale).then(
          (table) => created.set(table),
          (error: unknown) => {
            // The texts on screen stay as they are; the next subscriber tries again.
            pending = undefined
            console.warn(`Portico: the ${locale} texts could not be loaded`, error)
          },
        )
      })
      stores.set(locale, created)
      store = created
    }
    return store
  }
}

/** English needs no other table. */
const NO_TABLE = atom<MessageTable | undefined>(undefined)

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
 * The texts of a feature list (or of the page) in the client's language
 * (`client.locale.$locale`), with the app's overrides (`<PorticoProvider messages>`) on top. While
 * another language loads, the texts on screen stay as they are, then switch at once with their
 * direction.
 */
export function useMessagesFrom(tables: Tables): UiMessages {
  const { locale: requested } = useLocale()
  const target = resolveUiLocale(requested)
  const loaded = useStore(target === 'en' ? NO_TABLE : tables.load(target))
  const viewTexts = useStore($viewTexts)
  const english = useMemo(() => ({ ...viewTexts, ...tables.english }), [viewTexts, tables])
  const table = target === 'en' ? english : loaded
  const last = useRef<{ locale: UiLocale; table: MessageTable }>({ locale: 'en', table: english })
  if (table) last.current = { locale: target, table }
  // English stays on screen while another language loads.
  const shown =
    last.current.locale === 'en' ? { locale: 'en' as const, table: english } : last.current
  const overrides = useMessageOverrides() as Readonly<Record<string, Text | undefined>>
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
