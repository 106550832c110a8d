import { atom, computed, type ReadableAtom } from 'nanostores'
import { PorticoError } from '../errors/index.js'
import { defineFeature } from '../kernel/feature.js'
import { invalidOption } from '../options/index.js'

/** Languages written right to left: the UI sets `dir="rtl"` for them. */
const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv', 'ku', 'sd', 'ug'])

/** The writing direction of a language. */
export type TextDirection = 'ltr' | 'rtl'

/** The language option of `createPortico`. */
export type LocaleOptions = {
  /** The language of the UI, a BCP 47 tag (`en`, `es`, `zh-CN`, `ar`…); English by default. */
  locale?: string
}

/** The UI language (`client.locale`). */
export type LocaleFeature = {
  /** The canonical BCP 47 tag of the UI language. */
  $locale: ReadableAtom<string>
  /** Writing direction of the language. */
  $direction: ReadableAtom<TextDirection>
  /** Changes the UI language at run time; throws on a tag that is not BCP 47. */
  setLocale(locale: string): void
}

/** A BCP 47 tag in its canonical form, or undefined when it is not one. */
export function canonicalLocale(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return undefined
  try {
    return Intl.getCanonicalLocales(value)[0]
  } catch {
    return undefined
  }
}

export function localeDirection(locale: string): TextDirection {
  const language = locale.split('-')[0]?.toLowerCase() ?? ''
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr'
}

/** The UI language. Core only keeps the choice: the UI layer loads the texts for it. */
export const localeFeature = defineFeature({
  name: 'locale',
  options(input: LocaleOptions) {
    if (input.locale === undefined) return { locale: 'en' }
    const locale = canonicalLocale(input.locale)
    if (!locale) invalidOption(`locale: '${String(input.locale)}' is not a BCP 47 language tag`)
    return { locale }
  },
  create(_context, options): { public: LocaleFeature } {
    const $locale = atom(options.locale)
    return {
      public: {
        $locale,
        $direction: computed($locale, localeDirection),
        setLocale(locale) {
          const canonical = canonicalLocale(locale)
          if (!canonical) {
            throw new PorticoError(
              'INVALID_INPUT',
              `'${String(locale)}' is not a BCP 47 language tag`,
            )
          }
          $locale.set(canonical)
        },
      },
    }
  },
})
