import { useStore } from '@nanostores/react'
import type { LocaleFeature, TextDirection } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useLocale` returns. */
export type UseLocaleReturnType = {
  /** The UI language, a canonical BCP 47 tag. */
  locale: string
  /** `rtl` for Arabic, Hebrew, Persian…; `ltr` otherwise. */
  direction: TextDirection
  setLocale: LocaleFeature['setLocale']
}

/** The UI language and its writing direction; `setLocale` changes it at run time. */
export function useLocale(): UseLocaleReturnType {
  const { locale } = usePortico()
  const value = useStore(locale.$locale)
  const direction = useStore(locale.$direction)
  return useMemo(
    () => ({ locale: value, direction, setLocale: locale.setLocale }),
    [value, direction, locale],
  )
}
