import { useLocale } from '@portico/react'

/** Each language in its own name, so a reader finds theirs whatever is shown now. */
const LANGUAGES = [
  { tag: 'en', name: 'English' },
  { tag: 'es', name: 'Español' },
  { tag: 'zh', name: '中文' },
  { tag: 'ar', name: 'العربية' },
] as const

/** Switches the modal's language at run time (`client.locale.setLocale`). */
export function LanguageSelect() {
  const { locale, setLocale } = useLocale()
  return (
    <label>
      Language{' '}
      <select value={locale} onChange={(event) => setLocale(event.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language.tag} value={language.tag} lang={language.tag}>
            {language.name}
          </option>
        ))}
      </select>
    </label>
  )
}
