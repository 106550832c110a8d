import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type SiwxSignMessageViewState, useSiwxSignMessageView } from './useSiwxSignMessageView.js'

/**
 * Sign in with the wallet: who asks, the exact message, Sign and Cancel. A refusal shows
 * 'Signature declined' and keeps the view, Sign then being the retry.
 */
export default function SiwxSignMessageView({
  data,
  children,
}: DefaultViewProps<SiwxSignMessageViewState>) {
  const state = useSiwxSignMessageView({ data })
  const { t } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  const { appName, message, isPreparing, prepareError, isSigning, error, isDeclined } = state
  return (
    <div data-portico-siwx="" data-state={isSigning ? 'pending' : error ? 'error' : 'idle'}>
      <p data-portico-heading="">{t('siwx.asks', { app: appName })}</p>
      <p data-portico-muted="">{t('siwx.explain')}</p>
      {prepareError ? (
        <>
          <p role="alert" data-portico-error="">
            {t('siwx.prepareFailed')}
          </p>
          <button type="button" data-portico-secondary="" onClick={state.prepare}>
            {t('siwx.prepareRetry')}
          </button>
        </>
      ) : (
        <section aria-label={t('siwx.messageLabel')} aria-busy={isPreparing || undefined}>
          <pre data-portico-siwx-message="">
            {message ?? (isPreparing ? t('siwx.preparing') : '')}
          </pre>
        </section>
      )}
      {isSigning ? (
        <p role="status" data-portico-muted="">
          {t('siwx.signing')}
        </p>
      ) : error ? (
        <p role="alert" data-portico-error="">
          {isDeclined ? t('siwx.declined') : t('siwx.failed')}
        </p>
      ) : null}
      <div data-portico-actions="">
        <button type="button" data-portico-secondary="" onClick={state.cancel}>
          {t('siwx.cancel')}
        </button>
        <button
          type="button"
          data-portico-primary=""
          onClick={state.sign}
          disabled={isSigning || isPreparing || Boolean(prepareError)}
        >
          {error && !isSigning ? t('siwx.retry') : t('siwx.sign')}
        </button>
      </div>
    </div>
  )
}
