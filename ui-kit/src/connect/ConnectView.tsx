import { useId } from 'react'
import { EmailField } from '../auth/EmailField.js'
import type authTexts from '../auth/messages/en.js'
import { WalletIcon } from '../components/WalletIcon.js'
import { WalletImage } from '../components/WalletImage.js'
import type errors from '../errors/messages/en.js'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import {
  type ConnectViewState,
  connectItemKey,
  connectItemName,
  useConnectView,
} from './useConnectView.js'

type AlertWithHint = 'PROJECT_ID_NOT_CONFIGURED' | 'INVALID_APP_CONFIGURATION'
/** Alerts whose fix the view can name; the others show their title alone. */
const ALERT_HINTS: ReadonlySet<string> = new Set<AlertWithHint>([
  'PROJECT_ID_NOT_CONFIGURED',
  'INVALID_APP_CONFIGURATION',
])

/** The first view: every way to connect, in the configured order, recent wallets marked. */
export default function ConnectView({ children }: DefaultViewProps<ConnectViewState>) {
  const state = useConnectView()
  const { t } = useViewMessages<typeof en & typeof views & typeof errors & typeof authTexts>(views)
  const recentId = useId()
  if (children) return <>{children(state)}</>
  const { items, select, showAllWallets, walletCount, isEmpty, alerts, listError, retry } = state
  const notices = (
    <>
      {alerts.map((alert) => (
        <p key={alert.id} role="alert" data-portico-alert="">
          <strong>{t(`alert.${alert.code}`)}</strong>
          {ALERT_HINTS.has(alert.code) ? (
            <> {t(`connect.alertHint.${alert.code as AlertWithHint}`)}</>
          ) : null}
        </p>
      ))}
      {listError ? (
        <p role="alert" data-portico-error="">
          {t('connect.listError')}{' '}
          <button type="button" data-portico-link="" onClick={retry}>
            {t('connect.retry')}
          </button>
        </p>
      ) : null}
    </>
  )
  if (isEmpty) {
    return (
      <>
        {notices}
        {/* Email login (the embedded wallet): shown when the app turned `features.email` on. */}
        <EmailField />
        <p data-portico-empty="">{t('connect.empty')}</p>
      </>
    )
  }
  return (
    <>
      {notices}
      <EmailField />
      <ul data-portico-list="" aria-label={t('connect.list')}>
        {items.map((item) => {
          const name = connectItemName(item)
          const key = connectItemKey(item)
          const tagId = `${recentId}-${key}`
          return (
            <li key={key}>
              <button
                type="button"
                data-portico-wallet=""
                data-group={item.group}
                aria-label={name}
                aria-describedby={item.recent ? tagId : undefined}
                onClick={() => select(item)}
              >
                {item.kind === 'connector' ? (
                  <WalletIcon src={item.connector.imageUrl} name={name} />
                ) : (
                  <WalletImage wallet={item.wallet} />
                )}
                <span data-portico-wallet-name="">{name}</span>
                {item.recent ? (
                  <span id={tagId} data-portico-tag="">
                    {t('connect.recent')}
                  </span>
                ) : null}
              </button>
            </li>
          )
        })}
      </ul>
      {showAllWallets ? (
        <button
          type="button"
          data-portico-wallet=""
          data-group="allWallets"
          onClick={showAllWallets}
        >
          <span data-portico-wallet-name="">
            {walletCount > 0
              ? t('connect.allWalletsCount', { count: walletCount })
              : t('connect.allWallets')}
          </span>
        </button>
      ) : null}
    </>
  )
}
