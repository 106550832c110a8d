/**
 * Message texts: a string with `{name}` placeholders, or plural forms chosen by the `count`
 * parameter with the language's plural rules (Arabic has six forms, Chinese one).
 */
export type Plural = {
  zero?: string
  one?: string
  two?: string
  few?: string
  many?: string
  /** The form every language has; used when the language has no specific form for the count. */
  other: string
}

/** One text of a messages table. */
export type Text = string | Plural

/** Parameters of a text: `{name}` in the text is replaced by `params.name`. */
export type MessageParams = Readonly<Record<string, string | number>>

/** A messages table: key → text. */
export type MessageTable = Readonly<Record<string, Text>>

/** The same keys as `T`, each with any text: what a translation of `T` must provide. */
export type TranslationOf<T extends MessageTable> = { readonly [K in keyof T]: Text }

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g

/** The placeholder names in a text (every form of a plural), for the translation checks. */
export function placeholders(text: Text): Set<string> {
  const found = new Set<string>()
  const forms = typeof text === 'string' ? [text] : Object.values(text)
  for (const form of forms) {
    for (const match of (form ?? '').matchAll(PLACEHOLDER)) found.add(match[1]!)
  }
  return found
}

const pluralRules = new Map<string, Intl.PluralRules>()

function pluralForm(text: Plural, locale: string, count: unknown): string {
  if (typeof count !== 'number') return text.other
  let rules = pluralRules.get(locale)
  if (!rules) {
    rules = new Intl.PluralRules(locale)
    pluralRules.set(locale, rules)
  }
  const category = rules.select(count) as keyof Plural
  return text[category] ?? text.other
}

/**
 * Fills a text's placeholders. Values are inserted as text (the result is rendered by React as a
 * text node, never as markup); a placeholder without a value stays as it is, so a missing
 * parameter is visible rather than silently blank.
 */
export function formatText(text: Text, locale: string, params?: MessageParams): string {
  const chosen = typeof text === 'string' ? text : pluralForm(text, locale, params?.count)
  if (!params) return chosen
  return chosen.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name]
    return value === undefined ? whole : String(value)
  })
}
