import { useAccount, useModal, usePortico } from '@portico/react'
import { useMessages } from '../../messages/useMessages.js'

/**
 * The account's actions in the app's wallet-feature order (spec §9: onramp, swaps, receive, send),
 * those this kit has views for, then Activity and, when the account has no name, a name.
 */
export function AccountFeatures() {
  const client = usePortico()
  const messages = useMessages()
  const { push } = useModal()
  const { namespace, profileName } = useAccount()
  const { features } = client.options
  const buttons: { key: string; label: string; view: string }[] = []
  for (const feature of features.walletFeaturesOrder) {
    if (feature === 'send' && features.send) {
      buttons.push({ key: 'send', label: messages['account.send'], view: 'WalletSend' })
    }
    if (feature === 'receive' && features.receive) {
      buttons.push({ key: 'receive', label: messages['account.receive'], view: 'WalletReceive' })
    }
  }
  if (features.history) {
    buttons.push({ key: 'activity', label: messages['account.activity'], view: 'Transactions' })
  }
  if (namespace === 'eip155' && !profileName) {
    buttons.push({
      key: 'name',
      label: messages['account.chooseName'],
      view: 'RegisterAccountName',
    })
  }
  if (buttons.length === 0) return null
  return (
    <nav aria-label={messages['account.features']} data-portico-features="">
      {buttons.map((button) => (
        <button key={button.key} type="button" onClick={() => push(button.view)}>
          {button.label}
        </button>
      ))}
    </nav>
  )
}
