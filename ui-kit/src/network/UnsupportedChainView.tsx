import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { NetworkList } from './NetworkList.js'
import {
  type UnsupportedChainViewState,
  useUnsupportedChainView,
} from './useUnsupportedChainView.js'

/**
 * The wallet is on a network the app does not list: switch to one of the app's networks, or
 * disconnect. The modal closes by itself once the wallet is on a supported network.
 */
export default function UnsupportedChainView({
  children,
}: DefaultViewProps<UnsupportedChainViewState>) {
  const state = useUnsupportedChainView()
  const { t } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  return (
    <div data-portico-unsupported="">
      <p role="alert">{t('unsupported.message')}</p>
      <NetworkList state={state} markActive={false} />
      <button type="button" data-portico-danger="" onClick={() => void state.disconnect()}>
        {t('unsupported.disconnect')}
      </button>
    </div>
  )
}
