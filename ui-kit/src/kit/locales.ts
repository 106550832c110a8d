/** The languages the kit ships. English is built in; the others load when first used. */
export const UI_LOCALES = ['en', 'es', 'zh', 'ar'] as const

/** A language the kit has texts for. */
export type UiLocale = (typeof UI_LOCALES)[number]

/** The languages loaded on demand. */
export type LoadedLocale = Exclude<UiLocale, 'en'>

/** Writing direction of each shipped language. */
export const LOCALE_DIRECTION: Readonly<Record<UiLocale, 'ltr' | 'rtl'>> = {
  en: 'ltr',
  es: 'ltr',
  zh: 'ltr',
  ar: 'rtl',
}

/**
 * The shipped language for a BCP 47 tag: the language subtag (`es-MX` → `es`, `ar-EG` → `ar`).
 * Chinese maps to Simplified Chinese only when the tag does not ask for Traditional script
 * (`zh-Hant`, or Taiwan, Hong Kong and Macau without a script): a reader of Traditional Chinese
 * gets English rather than a script they did not ask for. Anything else falls back to English.
 */
export function resolveUiLocale(tag: string): UiLocale {
  let locale: Intl.Locale
  try {
    locale = new Intl.Locale(tag)
  } catch {
    return 'en'
  }
  const language = locale.language.toLowerCase()
  if (language === 'zh') {
    const script = locale.script?.toLowerCase()
    const region = locale.region?.toUpperCase()
    if (script === 'hant') return 'en'
    if (!script && (region === 'TW' || region === 'HK' || region === 'MO')) return 'en'
    return 'zh'
  }
  return (UI_LOCALES as readonly string[]).includes(language) ? (language as UiLocale) : 'en'
}
