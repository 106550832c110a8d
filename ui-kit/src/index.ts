import './messages/augment.js'

export type { NetworkListProps } from './components/NetworkList.js'
export { NetworkList } from './components/NetworkList.js'
export type { WalletIconProps } from './components/WalletIcon.js'
export { WalletIcon } from './components/WalletIcon.js'
export { WalletImage } from './components/WalletImage.js'
export type { UiKitMessages } from './messages/en.js'
export { en as englishMessages } from './messages/en.js'
export { useMessages } from './messages/useMessages.js'
export { Modal } from './modal/Modal.js'
export { useModalContext } from './modal/ModalContext.js'
export { ModalHeader } from './modal/ModalHeader.js'
export type { ModalTriggerProps } from './modal/ModalTrigger.js'
export { ModalTrigger } from './modal/ModalTrigger.js'
export type {
  ModalHeaderRenderProps,
  ModalProps,
  ViewComponents,
  ViewProps,
} from './modal/types.js'
export { Slot } from './primitives/Slot.js'
export { useFocusTrap } from './primitives/useFocusTrap.js'
export { ToastRegion } from './toast/ToastRegion.js'
export type { AccountViewProps, AccountViewState } from './views/Account/AccountView.js'
export { AccountView } from './views/Account/AccountView.js'
export type { AllWalletsViewProps, AllWalletsViewState } from './views/AllWallets/AllWalletsView.js'
export { AllWalletsView } from './views/AllWallets/AllWalletsView.js'
export type { ConnectViewProps, ConnectViewState } from './views/Connect/ConnectView.js'
export { ConnectView } from './views/Connect/ConnectView.js'
export type {
  ConnectingExternalState,
  ConnectingExternalViewProps,
} from './views/ConnectingExternal/ConnectingExternalView.js'
export { ConnectingExternalView } from './views/ConnectingExternal/ConnectingExternalView.js'
export type { ConnectingWalletConnectViewProps } from './views/ConnectingWalletConnect/ConnectingWalletConnectView.js'
export { ConnectingWalletConnectView } from './views/ConnectingWalletConnect/ConnectingWalletConnectView.js'
export { defaultViews } from './views/defaultViews.js'
export { NetworksView } from './views/Networks/NetworksView.js'
export { RegisterAccountNameSuccessView } from './views/RegisterAccountName/RegisterAccountNameSuccessView.js'
export { RegisterAccountNameView } from './views/RegisterAccountName/RegisterAccountNameView.js'
export type { TransactionsViewProps } from './views/Transactions/TransactionsView.js'
export { TransactionsView } from './views/Transactions/TransactionsView.js'
export { UnsupportedChainView } from './views/UnsupportedChain/UnsupportedChainView.js'
export { WalletReceiveView } from './views/WalletReceive/WalletReceiveView.js'
export { WalletSendPreviewView } from './views/WalletSend/WalletSendPreviewView.js'
export { WalletSendSelectTokenView } from './views/WalletSend/WalletSendSelectTokenView.js'
export type { WalletSendViewProps } from './views/WalletSend/WalletSendView.js'
export { WalletSendView } from './views/WalletSend/WalletSendView.js'
