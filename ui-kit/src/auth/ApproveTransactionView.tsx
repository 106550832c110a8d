import type { ApproveTransactionData } from '@portico/core'
import { useMemo } from 'react'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import {
  type ApproveTransactionViewState,
  useApproveTransactionView,
} from './useApproveTransactionView.js'

/**
 * An unsafe request of the embedded wallet: the secure frame's Approve and Reject are drawn over
 * this view's body (they live in the frame's origin, never in the app's page). A refused request
 * shows why instead.
 */
export default function ApproveTransactionView({
  data,
  children,
}: DefaultViewProps<ApproveTransactionViewState>) {
  const state = useApproveTransactionView(data as ApproveTransactionData | undefined)
  const { t, message } = useViewMessages<typeof en & typeof views>(views)
  const title = t('auth.approveFrame')
  const area = useMemo(() => state.frameArea(title), [state.frameArea, title])
  if (children) return <>{children(state)}</>
  if (state.error) {
    return (
      <div data-portico-approve="">
        <p role="alert" data-portico-error="">
          {message(state.error)}
        </p>
        <div data-portico-actions="">
          <button type="button" onClick={state.close}>
            {t('auth.close')}
          </button>
        </div>
      </div>
    )
  }
  return (
    <div data-portico-approve="">
      {state.method ? (
        <p data-portico-muted="">{t('auth.approveMethod', { method: state.method })}</p>
      ) : null}
      <p aria-live="polite">{t('auth.approveHint')}</p>
      <div ref={area} data-portico-approve-frame="" style={{ minHeight: 360 }} />
    </div>
  )
}
