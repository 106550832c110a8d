import { useModal, usePortico } from '@portico/react'
import { type CSSProperties, useContext, useEffect } from 'react'
import { UI_FEATURES } from '../features.js'
import { lazyComponent } from '../kit/lazyView.js'
import { MessagesContext, tablesOf } from '../kit/messages.js'
import { ViewLoading } from '../kit/ViewLoading.js'
import type { ModalDialogProps } from './types.js'

/**
 * The dialog of an open modal, whose code (markup, header, focus trap) and English texts load with
 * the first view's, not with the page: `preload()` is called on idle and when a trigger is hovered or
 * focused. Until it arrives (an open before either), a busy dialog shows; if it cannot be fetched,
 * a retry.
 */
export const ModalDialog = lazyComponent<ModalDialogProps>(
  // Its English comes with it: the dialog never shows before its texts are here.
  () =>
    Promise.all([import('./ModalDialog.js'), tablesOf(UI_FEATURES).ensure('en')]).then(([m]) => m),
  (props, failed, retry) => <DialogLoading {...props} failed={failed} retry={retry} />,
)

function DialogLoading({
  className,
  themeMode,
  cssVariables,
  failed,
  retry,
}: ModalDialogProps & { failed: boolean; retry: () => void }) {
  const messages = useContext(MessagesContext)
  const { back, close } = useModal()
  const { enableEmbedded } = usePortico().options
  // Escape and a click outside work while the dialog's code is on its way, as they do once it is
  // here: the user who opened the modal by mistake need not wait for it. (An embedded modal is
  // part of the page.)
  useEffect(() => {
    if (enableEmbedded) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) back()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [back, enableEmbedded])
  return (
    <div
      data-portico-root=""
      data-theme={themeMode}
      dir={messages?.direction}
      lang={messages?.locale}
      className={className}
      style={cssVariables as CSSProperties}
    >
      {enableEmbedded ? null : (
        <div data-portico-overlay="" aria-hidden="true" onClick={() => close()} />
      )}
      <div
        role="dialog"
        aria-modal="true"
        aria-busy={!failed}
        data-portico-dialog=""
        data-state="open"
      >
        {failed ? <ViewLoading failed retry={retry} /> : <ViewLoading />}
      </div>
    </div>
  )
}
