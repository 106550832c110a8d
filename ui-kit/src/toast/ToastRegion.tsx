import { useTheme, useToast } from '@portico/react'
import type { CSSProperties } from 'react'
import { useViewMessages } from '../kit/messages.js'
import type en from '../modal/messages/en.js'

/**
 * A polite live region that is always in the page, so screen readers announce each toast. Core's
 * toasts carry message keys, rendered in the user's language (as text, never markup).
 * `data-variant` and `data-state` let styles tell success, loading and error apart.
 */
export function ToastRegion() {
  const toast = useToast()
  const { cssVariables } = useTheme()
  const { t, message, locale, direction } = useViewMessages<typeof en>()
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
      {toast.open ? (
        <div data-portico-toast="" data-variant={toast.variant} data-state="open">
          {message(toast.message)}
        </div>
      ) : null}
    </div>
  )
}
