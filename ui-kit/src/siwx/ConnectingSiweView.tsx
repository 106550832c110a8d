import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type SiwxSignMessageViewState, useSiwxSignMessageView } from './useSiwxSignMessageView.js'

/**
 * Sign-in for apps on the legacy `siweConfig`: the same flow as SIWXSignMessage (core maps the
 * legacy configuration onto it), in the older, shorter form: who asks, Sign and Cancel.
 */
export default function ConnectingSiweView({
  data,
  children,
}: DefaultViewProps<SiwxSignMessageViewState>) {
  const state = useSiwxSignMessageView({ data })
  const { t } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  const { appName, isSigning, error, isDeclined, prepareError, isPreparing } = state
  return (
    <div data-portico-siwx="" data-state={isSigning ? 'pending' : error ? 'error' : 'idle'}>
      <p data-portico-heading="">{t('siwx.asks', { app: appName })}</p>
      <p data-portico-muted="">{t('siwx.explain')}</p>
      {isSigning ? (
        <p role="status" data-portico-muted="">
          {t('siwx.signing')}
        </p>
      ) : error || prepareError ? (
        <p role="alert" data-portico-error="">
          {isDeclined
            ? t('siwx.declined')
            : prepareError
              ? t('siwx.prepareFailed')
              : t('siwx.failed')}
        </p>
      ) : null}
      <div data-portico-actions="">
        <button type="button" data-portico-secondary="" onClick={state.cancel}>
          {t('siwx.cancel')}
        </button>
        <button
          type="button"
          data-portico-primary=""
          onClick={prepareError ? state.prepare : state.sign}
          disabled={isSigning || isPreparing}
        >
          {error || prepareError ? t('siwx.retry') : t('siwx.sign')}
        </button>
      </div>
    </div>
  )
}
