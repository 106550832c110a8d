import type { AccountFeature } from '../account/index.js'
import type { BalancesFeature } from '../balances/index.js'
import type { ConnectionFeature } from '../connection/index.js'
import type { IdentityFeature } from '../identity/index.js'
import type { ModalFeature } from '../modal/index.js'
import type { NetworkFeature } from '../network/index.js'
import type { ResolvedOptions } from '../options/index.js'

const CONNECTING_VIEWS = new Set([
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingFarcaster',
])

/**
 * What happens around a connection, in one place: refreshing the account's balance and name, where
 * the modal goes after a connect or disconnect, and spec §2's UnsupportedChain rule.
 */
export function addConnectionRules({
  options,
  account,
  connection,
  network,
  modal,
  balances,
  identity,
}: {
  options: Pick<ResolvedOptions, 'enableNetworkSwitch' | 'allowUnsupportedChain'>
  account: AccountFeature
  connection: ConnectionFeature
  network: NetworkFeature
  modal: ModalFeature
  balances: BalancesFeature
  identity: IdentityFeature
}): () => void {
  const guardsUnsupported = options.enableNetworkSwitch && !options.allowUnsupportedChain

  const stopEvents = connection.onEvent((event) => {
    if (event.type === 'disconnected') {
      if (account.$account.get().status !== 'connected' && modal.$open.get()) {
        modal.reset('Connect')
      }
      return
    }
    void balances.refreshNativeBalance({ namespace: event.namespace })
    if (event.type !== 'chainChanged') void identity.refresh(event.namespace)
    if (event.type === 'connected' && modal.$open.get()) {
      const onConnectView = CONNECTING_VIEWS.has(modal.$view.get().view)
      if (network.$isUnsupportedChain.get() && guardsUnsupported) modal.reset('UnsupportedChain')
      else if (onConnectView) modal.close()
    }
  })

  const stopUnsupported = network.$isUnsupportedChain.listen((unsupported) => {
    const view = modal.$view.get().view
    if (unsupported && guardsUnsupported) {
      if (!modal.$open.get() || view !== 'UnsupportedChain')
        modal.open({ view: 'UnsupportedChain' })
    } else if (!unsupported && modal.$open.get() && view === 'UnsupportedChain') {
      modal.close()
    }
  })

  return () => {
    stopEvents()
    stopUnsupported()
  }
}
