import type { ListedWallet, PorticoClient } from '@portico/core'

/**
 * Where picking a listed wallet leads: its browser extension when installed (ConnectingExternal),
 * WalletConnect otherwise (ConnectingWalletConnect, with the wallet's links).
 */
export function selectListedWallet(client: PorticoClient, wallet: ListedWallet) {
  const extension = wallet.rdns
    ? client.connectors.$connectors.get().find((c) => c.rdns === wallet.rdns)
    : undefined
  if (extension) {
    client.modal.push('ConnectingExternal', { connectorId: extension.id })
    client.connection.connect({ connectorId: extension.id }).catch(() => undefined)
    return
  }
  client.walletConnect.selectWallet(wallet)
  client.modal.push('ConnectingWalletConnect', { walletId: wallet.id })
}
