import { WalletIcon } from '../components/WalletIcon.js'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import {
  type ConnectingExternalViewState,
  useConnectingExternalView,
} from './useConnectingExternalView.js'

/** While a browser wallet is asked: its name and icon, and a retry after a refusal. */
export default function ConnectingExternalView({
  data,
  children,
}: DefaultViewProps<ConnectingExternalViewState>) {
  const state = useConnectingExternalView({ data })
  const { t } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  const { connector, isPending, error, isDeclined, retry } = state
  if (!connector) return <p role="alert">{t('connecting.unavailable')}</p>
  return (
    <div data-portico-connecting="" data-state={error ? 'error' : isPending ? 'pending' : 'idle'}>
      <WalletIcon src={connector.imageUrl} name={connector.name} size={64} />
      {error && !isPending ? (
        <>
          <p role="alert" data-portico-error="">
            {isDeclined ? t('connecting.declined') : t('connecting.failed')}
          </p>
          <button type="button" data-portico-primary="" onClick={retry}>
            {t('connecting.retry')}
          </button>
        </>
      ) : (
        <>
          <p data-portico-heading="">{t('connecting.continueIn', { wallet: connector.name })}</p>
          <p data-portico-muted="">{t('connecting.accept')}</p>
        </>
      )}
    </div>
  )
}
