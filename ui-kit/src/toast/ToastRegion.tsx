import { useTheme, useToast } from '@portico/react'
import type { CSSProperties } from 'react'
import { useMessages } from '../messages/useMessages.js'

/**
 * A polite live region that is always in the page, so screen readers announce each toast.
 * `data-variant` and `data-state` let styles tell success, loading and error apart.
 */
export function ToastRegion() {
  const toast = useToast()
  const { cssVariables } = useTheme()
  const messages = useMessages()
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      aria-label={messages['toast.region']}
      data-portico-toast-region=""
      style={cssVariables as CSSProperties}
    >
      {toast.open ? (
        <div data-portico-toast="" data-variant={toast.variant} data-state="open">
          {toast.message}
        </div>
      ) : null}
    </div>
  )
}
