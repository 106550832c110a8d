import { useContext } from 'react'
import { lazyComponent } from '../kit/lazyView.js'
import { MessagesContext } from '../kit/messages.js'
import { ViewLoading } from '../kit/ViewLoading.js'
import type { ModalDialogProps } from './types.js'

/**
 * The dialog of an open modal, whose code (markup, header, focus trap) loads with the first
 * view's, not with the page: `preload()` is called on idle and when a trigger is hovered or
 * focused. Until it arrives (an open before either), a busy dialog shows; if it cannot be fetched,
 * a retry.
 */
export const ModalDialog = lazyComponent<ModalDialogProps>(
  () => import('./ModalDialog.js'),
  (props, failed, retry) => (
    <DialogLoading className={props.className} failed={failed} retry={retry} />
  ),
)

function DialogLoading({
  className,
  failed,
  retry,
}: {
  className: string | undefined
  failed: boolean
  retry: () => void
}) {
  const messages = useContext(MessagesContext)
  return (
    <div
      data-portico-root=""
      dir={messages?.direction}
      lang={messages?.locale}
      className={className}
    >
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
