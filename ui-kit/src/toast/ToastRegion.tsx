import { useStore } from '@nanostores/react'
import { useTheme, useToast } from '@portico/react'
import { type CSSProperties, useEffect } from 'react'
import { useFeatures } from '../kit/context.js'
import { tablesOf, useViewMessages } from '../kit/messages.js'
import type page from '../modal/messages/en.page.js'

/**
 * A polite live region that is always in the page, so screen readers announce each toast. Core's
 * toasts carry message keys, rendered in the user's language (as text, never markup).
 * `data-variant` and `data-state` let styles tell success, loading and error apart. A toast that
 * comes before the kit's texts (the page not idle yet, the modal never opened) fetches them and
 * shows once they are here, never as a bare key.
 */
export function ToastRegion() {
  const toast = useToast()
  const { cssVariables } = useTheme()
  const { t, message, locale, direction } = useViewMessages<typeof page>()
  const tables = tablesOf(useFeatures())
  const english = useStore(tables.load('en'))
  const needsTexts = toast.open && !('text' in toast.message) && !english
  useEffect(() => {
    if (!needsTexts) return
    tables.ensure('en').catch((error: unknown) => {
      // The next toast tries again.
      console.warn('Portico: the texts of a notification could not be loaded', error)
    })
  }, [needsTexts, tables])
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      aria-label={t('toast.region')}
      data-portico-toast-region=""
      dir={direction}
      lang={locale}
      style={cssVariables as CSSProperties}
    >
      {toast.open && !needsTexts ? (
        <div data-portico-toast="" data-variant={toast.variant} data-state="open">
          {message(toast.message)}
        </div>
      ) : null}
    </div>
  )
}
