import { useViewMessages } from '../kit/messages.js'
import type en from './messages/en.js'
import type { ModalHeaderRenderProps } from './types.js'

/** The default header: a back button when there is somewhere to go back to, the title, close. */
export function ModalHeader({ title, titleId, canGoBack, back, close }: ModalHeaderRenderProps) {
  const { t } = useViewMessages<typeof en>()
  return (
    <div data-portico-header="">
      {canGoBack ? (
        <button type="button" data-portico-back="" onClick={back}>
          <span aria-hidden="true">←</span>
          <span data-portico-visually-hidden="">{t('modal.back')}</span>
        </button>
      ) : (
        <span data-portico-header-spacer="" />
      )}
      <h2 id={titleId} data-portico-title="">
        {title}
      </h2>
      <button type="button" data-portico-close="" onClick={close}>
        <span aria-hidden="true">×</span>
        <span data-portico-visually-hidden="">{t('modal.close')}</span>
      </button>
    </div>
  )
}
