import type { ListedWallet, PorticoClient } from '@portico/core'

/**
 * Where picking a listed wallet leads: its browser extension when installed (ConnectingExternal),
 * WalletConnect otherwise (ConnectingWalletConnect, with the wallet's links).
 */
export function selectListedWallet(client: PorticoClient, wallet: ListedWallet) {
  const extension = client.wallets.installedConnector(wallet)
  client.modal.push(extension ? 'ConnectingExternal' : 'ConnectingWalletConnect', {
    connectorId: extension?.id,
    walletId: wallet.id,
  })
  // The connecting views show the outcome (a refusal stays in the connection error for a retry).
  client.wallets.connect(wallet).catch(() => undefined)
}
