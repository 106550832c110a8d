import { formatAmount } from '@portico/core'
import { WalletIcon } from '../components/WalletIcon.js'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import { usePreloadOnIntent } from '../kit/usePreloadOnIntent.js'
import { NamespaceList } from '../network/NamespaceList.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type AccountViewAction, type AccountViewState, useAccountView } from './useAccountView.js'

function ActionButton({ action }: { action: AccountViewAction }) {
  const { t } = useViewMessages()
  const intent = usePreloadOnIntent(action.view)
  return (
    <button type="button" {...intent} onClick={action.open}>
      {t(action.label)}
    </button>
  )
}

/** The connected account: who, how much, on which network; copy, act, switch, disconnect. */
export default function AccountView({ children }: DefaultViewProps<AccountViewState>) {
  const state = useAccountView()
  const { t } = useViewMessages<typeof en & typeof views>(views)
  const networksIntent = usePreloadOnIntent('Networks')
  if (children) return <>{children(state)}</>
  const { address, displayName, avatar, balance, symbol, explorerUrl, actions } = state
  if (state.isReconnecting) return <p data-portico-muted="">{t('account.reconnecting')}</p>
  return (
    <div data-portico-account="">
      <WalletIcon src={avatar} name={displayName} size={72} />
      <p data-portico-heading="" data-portico-account-name="" title={address}>
        {displayName}
      </p>
      <p data-portico-balance="">
        <span data-portico-visually-hidden="">{t('account.balance')} </span>
        {balance === undefined
          ? '…'
          : t('account.balanceAmount', {
              amount: formatAmount(balance, 4),
              symbol: symbol ?? '',
            }).trim()}
      </p>
      <div data-portico-actions="">
        <button type="button" onClick={() => void state.copyAddress()}>
          {t('account.copy')}
        </button>
        {explorerUrl ? (
          <a href={explorerUrl} target="_blank" rel="noreferrer noopener">
            {t('account.explorer')}
          </a>
        ) : null}
      </div>
      {actions.length > 0 ? (
        <nav aria-label={t('account.actions')} data-portico-features="">
          {actions.map((action) => (
            <ActionButton key={action.id} action={action} />
          ))}
        </nav>
      ) : null}
      <NamespaceList />
      <button
        type="button"
        data-portico-network-button=""
        {...networksIntent}
        onClick={state.openNetworks}
      >
        {t('account.network', { network: state.networkName })}
      </button>
      <button type="button" data-portico-danger="" onClick={() => void state.disconnect()}>
        {t('account.disconnect')}
      </button>
    </div>
  )
}
