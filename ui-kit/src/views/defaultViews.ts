import type { ViewComponents } from '../modal/types.js'
import { AccountView } from './Account/AccountView.js'
import { AllWalletsView } from './AllWallets/AllWalletsView.js'
import { ConnectView } from './Connect/ConnectView.js'
import { ConnectingExternalView } from './ConnectingExternal/ConnectingExternalView.js'
import { ConnectingWalletConnectView } from './ConnectingWalletConnect/ConnectingWalletConnectView.js'
import { NetworksView } from './Networks/NetworksView.js'
import { RegisterAccountNameSuccessView } from './RegisterAccountName/RegisterAccountNameSuccessView.js'
import { RegisterAccountNameView } from './RegisterAccountName/RegisterAccountNameView.js'
import { TransactionsView } from './Transactions/TransactionsView.js'
import { UnsupportedChainView } from './UnsupportedChain/UnsupportedChainView.js'
import { WalletReceiveView } from './WalletReceive/WalletReceiveView.js'
import { WalletSendPreviewView } from './WalletSend/WalletSendPreviewView.js'
import { WalletSendSelectTokenView } from './WalletSend/WalletSendSelectTokenView.js'
import { WalletSendView } from './WalletSend/WalletSendView.js'

/** The views the kit ships; `<Modal views>` overrides any of them. */
export const defaultViews: ViewComponents = {
  Connect: ConnectView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingWalletConnect: ConnectingWalletConnectView,
  AllWallets: AllWalletsView,
  Account: AccountView,
  Networks: NetworksView,
  UnsupportedChain: UnsupportedChainView,
  WalletSend: WalletSendView,
  WalletSendSelectToken: WalletSendSelectTokenView,
  WalletSendPreview: WalletSendPreviewView,
  WalletReceive: WalletReceiveView,
  Transactions: TransactionsView,
  RegisterAccountName: RegisterAccountNameView,
  RegisterAccountNameSuccess: RegisterAccountNameSuccessView,
}
