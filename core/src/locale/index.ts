export type { LocaleFeature, LocaleOptions, TextDirection } from './feature.js'
export { canonicalLocale, localeDirection, localeFeature } from './feature.js'
