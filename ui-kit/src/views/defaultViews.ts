import type { ViewComponents } from '../modal/types.js'
import { AccountView } from './Account/AccountView.js'
import { AllWalletsView } from './AllWallets/AllWalletsView.js'
import { ConnectView } from './Connect/ConnectView.js'
import { ConnectingExternalView } from './ConnectingExternal/ConnectingExternalView.js'
import { ConnectingWalletConnectView } from './ConnectingWalletConnect/ConnectingWalletConnectView.js'
import { NetworksView } from './Networks/NetworksView.js'
import { UnsupportedChainView } from './UnsupportedChain/UnsupportedChainView.js'

/** The views the kit ships; `<Modal views>` overrides any of them. */
export const defaultViews: ViewComponents = {
  Connect: ConnectView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingWalletConnect: ConnectingWalletConnectView,
  AllWallets: AllWalletsView,
  Account: AccountView,
  Networks: NetworksView,
  UnsupportedChain: UnsupportedChainView,
}
