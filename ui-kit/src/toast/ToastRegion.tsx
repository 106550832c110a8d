import { useTheme, useToast } from '@portico/react'
import type { CSSProperties } from 'react'
import { usePageMessages } from '../messages/useMessages.js'
import { ToastText } from '../modal/lazyDialog.js'

/**
 * A polite live region that is always in the page, so screen readers announce each toast.
 * `data-variant` and `data-state` let styles tell success, loading and error apart. An app's own
 * text shows at once; core's toasts carry message keys, rendered in the user's language (as text,
 * never markup) by code that comes with the modal's (fetched when the page is idle, or by the
 * first such toast, which shows once it is here, never as a bare key).
 */
export function ToastRegion() {
  const toast = useToast()
  const { cssVariables } = useTheme()
  const { t, locale, direction } = usePageMessages()
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
          {'text' in toast.message ? toast.message.text : <ToastText message={toast.message} />}
        </div>
      ) : null}
    </div>
  )
}
