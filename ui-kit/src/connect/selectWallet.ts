import type { ListedWallet } from '@portico/core'
import type { UseConnectListReturnType, UseModalReturnType } from '@portico/react'

/**
 * Where picking a listed wallet leads: its browser extension when installed (ConnectingExternal),
 * WalletConnect otherwise (ConnectingWalletConnect, with the wallet's links).
 */
export function selectListedWallet(
  { installedConnector, connect }: Pick<UseConnectListReturnType, 'installedConnector' | 'connect'>,
  push: UseModalReturnType['push'],
  wallet: ListedWallet,
) {
  const extension = installedConnector(wallet)
  push(extension ? 'ConnectingExternal' : 'ConnectingWalletConnect', {
    connectorId: extension?.id,
    walletId: wallet.id,
  })
  // The connecting views show the outcome (a refusal stays in the connection error for a retry).
  connect(wallet).catch(() => undefined)
}
