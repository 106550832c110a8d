import type { ConnectionFeature, ConnectReturnType } from '../connection/index.js'
import type { Connector, ConnectorsFeature, ListedWallet } from '../connectors/index.js'
import type { WalletConnectFeature } from '../walletconnect/index.js'

/**
 * A wallet from a listing (explorer, custom, recent) is reached through its browser extension
 * when this browser has it, and through WalletConnect otherwise.
 */
export function createListedWalletActions({
  connectors,
  connection,
  walletConnect,
}: {
  connectors: ConnectorsFeature
  connection: ConnectionFeature
  walletConnect: WalletConnectFeature
}) {
  function installedConnector(wallet: ListedWallet): Connector | undefined {
    if (!wallet.rdns) return undefined
    return connectors.$connectors.get().find((connector) => connector.rdns === wallet.rdns)
  }

  return {
    installedConnector,
    connectListedWallet(wallet: ListedWallet): Promise<ConnectReturnType | undefined> {
      const extension = installedConnector(wallet)
      if (extension) return connection.connect({ connectorId: extension.id })
      walletConnect.selectWallet(wallet)
      return walletConnect.startPairing()
    },
  }
}
