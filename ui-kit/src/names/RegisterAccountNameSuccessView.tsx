import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import {
  type RegisterAccountNameSuccessViewState,
  useRegisterAccountNameSuccessView,
} from './useRegisterAccountNameSuccessView.js'

/** The name is registered; Done finishes the step (back to Account). */
export default function RegisterAccountNameSuccessView({
  data,
  children,
}: DefaultViewProps<RegisterAccountNameSuccessViewState>) {
  const state = useRegisterAccountNameSuccessView({ data })
  const { t } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  return (
    <div data-portico-success="">
      <p data-portico-heading="" role="status">
        {t('names.success', { name: state.name })}
      </p>
      <button type="button" data-portico-primary="" onClick={state.done}>
        {t('names.done')}
      </button>
    </div>
  )
}
