import { useMessages } from '../messages/useMessages.js'
import type { ModalHeaderRenderProps } from './types.js'

/** The default header: a back button when there is somewhere to go back to, the title, close. */
export function ModalHeader({ title, titleId, canGoBack, back, close }: ModalHeaderRenderProps) {
  const messages = useMessages()
  return (
    <div data-portico-header="">
      {canGoBack ? (
        <button type="button" data-portico-back="" onClick={back}>
          <span aria-hidden="true">←</span>
          <span data-portico-visually-hidden="">{messages['modal.back']}</span>
        </button>
      ) : (
        <span data-portico-header-spacer="" />
      )}
      <h2 id={titleId} data-portico-title="">
        {title}
      </h2>
      <button type="button" data-portico-close="" onClick={close}>
        <span aria-hidden="true">×</span>
        <span data-portico-visually-hidden="">{messages['modal.close']}</span>
      </button>
    </div>
  )
}
