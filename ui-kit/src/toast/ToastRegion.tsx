import { useTheme, useToast } from '@portico/react'
import { type CSSProperties, useEffect } from 'react'
import { useFeatures } from '../kit/context.js'
import { loadModalTexts, useModalTexts, useViewMessages } from '../kit/messages.js'
import type en from '../modal/messages/en.js'

/**
 * A polite live region that is always in the page, so screen readers announce each toast. Core's
 * toasts carry message keys, rendered in the user's language (as text, never markup).
 * `data-variant` and `data-state` let styles tell success, loading and error apart.
 */
export function ToastRegion() {
  const toast = useToast()
  const { cssVariables } = useTheme()
  const { t, has, message, locale, direction } = useViewMessages<typeof en>()
  const features = useFeatures()
  const modalTexts = useModalTexts(features)
  // A toast can carry a text the page does not have yet (an error's, which the modal's texts
  // bring): it shows once they are here, or as it can if they could not be loaded.
  const content = toast.open ? toast.message : undefined
  const waiting =
    content !== undefined &&
    'key' in content &&
    !has(content.key) &&
    (modalTexts === 'idle' || modalTexts === 'loading')
  useEffect(() => {
    if (waiting) loadModalTexts(features).catch(() => undefined)
  }, [waiting, features])
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
      {toast.open && !waiting ? (
        <div data-portico-toast="" data-variant={toast.variant} data-state="open">
          {message(toast.message)}
        </div>
      ) : null}
    </div>
  )
}
