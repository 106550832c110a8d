'use client'

// The built-in views: each a lazily loaded component whose render prop `children(state)` receives
// the state of its view-model hook.
export { AccountView } from './account/feature.js'
// Client code for React Server Components (the Next.js app router): a server page may render
// these components, never run them. The build writes the directive into every output file.
/**
 * @portico/ui-kit/views: what an app needs to build its own views on the kit's logic. Each
 * view-model hook returns the state the built-in view draws (and hands to its render prop), with
 * its flow: `useWalletSendView()` validates and opens the preview, `useWalletSendPreviewView()`
 * runs the send as a transaction step, and so on. Use them inside `<Modal>` (a replaced view) or
 * anywhere under `PorticoProvider`.
 *
 * @example
 * import { useConnectView, connectItemName } from '@portico/ui-kit/views'
 *
 * function MyConnect() {
 *   const { items, select } = useConnectView()
 *   return items.map((item) => <button onClick={() => select(item)}>{connectItemName(item)}</button>)
 * }
 */
export type { AccountViewAction, AccountViewState } from './account/useAccountView.js'
export { useAccountView } from './account/useAccountView.js'
export { EmailField } from './auth/EmailField.js'
export {
  ApproveTransactionView,
  EmailVerifyDeviceView,
  EmailVerifyOtpView,
  UpdateEmailPrimaryOtpView,
  UpdateEmailSecondaryOtpView,
  UpdateEmailWalletView,
} from './auth/feature.js'
export type { ApproveTransactionViewState } from './auth/useApproveTransactionView.js'
export { useApproveTransactionView } from './auth/useApproveTransactionView.js'
export type { EmailFieldViewState } from './auth/useEmailFieldView.js'
export { useEmailFieldView } from './auth/useEmailFieldView.js'
export type { EmailVerifyDeviceViewState } from './auth/useEmailVerifyDeviceView.js'
export { useEmailVerifyDeviceView } from './auth/useEmailVerifyDeviceView.js'
export type { EmailVerifyOtpViewState } from './auth/useEmailVerifyOtpView.js'
export { useEmailVerifyOtpView } from './auth/useEmailVerifyOtpView.js'
export type { UpdateEmailViewState, UpdateEmailViewStep } from './auth/useUpdateEmailView.js'
export { useUpdateEmailView } from './auth/useUpdateEmailView.js'
export { WalletImage } from './components/WalletImage.js'
export { AllWalletsView, ConnectingExternalView, ConnectView } from './connect/feature.js'
export type { AllWalletsViewState } from './connect/useAllWalletsView.js'
export { useAllWalletsView } from './connect/useAllWalletsView.js'
export type { ConnectingExternalViewState } from './connect/useConnectingExternalView.js'
export { useConnectingExternalView } from './connect/useConnectingExternalView.js'
export type { ConnectViewState } from './connect/useConnectView.js'
export { connectItemKey, connectItemName, useConnectView } from './connect/useConnectView.js'
export { TransactionsView } from './history/feature.js'
export type { TransactionsViewState } from './history/useTransactionsView.js'
export { useTransactionsView } from './history/useTransactionsView.js'
export { useMessages } from './messages/useAllMessages.js'
export { ModalHeader } from './modal/ModalHeader.js'
export { RegisterAccountNameSuccessView, RegisterAccountNameView } from './names/feature.js'
export type { RegisterAccountNameSuccessViewState } from './names/useRegisterAccountNameSuccessView.js'
export { useRegisterAccountNameSuccessView } from './names/useRegisterAccountNameSuccessView.js'
export type { RegisterAccountNameViewState } from './names/useRegisterAccountNameView.js'
export { useRegisterAccountNameView } from './names/useRegisterAccountNameView.js'
export { NetworksView, UnsupportedChainView } from './network/feature.js'
export { NamespaceList } from './network/NamespaceList.js'
export type { NamespacesViewState } from './network/useNamespacesView.js'
export { useNamespacesView } from './network/useNamespacesView.js'
export type { NetworkSwitchState } from './network/useNetworkSwitch.js'
export type { NetworksViewState } from './network/useNetworksView.js'
export { useNetworksView } from './network/useNetworksView.js'
export type { UnsupportedChainViewState } from './network/useUnsupportedChainView.js'
export { useUnsupportedChainView } from './network/useUnsupportedChainView.js'
export { OnRampActivityView, OnRampBuyView, OnRampProvidersView } from './onramp/feature.js'
export type { OnRampActivityViewState } from './onramp/useOnRampActivityView.js'
export { useOnRampActivityView } from './onramp/useOnRampActivityView.js'
export type { OnRampBuyViewState } from './onramp/useOnRampBuyView.js'
export { useOnRampBuyView } from './onramp/useOnRampBuyView.js'
export type { OnRampProvidersViewState } from './onramp/useOnRampProvidersView.js'
export { useOnRampProvidersView } from './onramp/useOnRampProvidersView.js'
export { useFocusTrap } from './primitives/useFocusTrap.js'
export { WalletReceiveView } from './receive/feature.js'
export type { WalletReceiveViewState } from './receive/useWalletReceiveView.js'
export { useWalletReceiveView } from './receive/useWalletReceiveView.js'
export { WalletSendPreviewView, WalletSendSelectTokenView, WalletSendView } from './send/feature.js'
export type { WalletSendPreviewViewState } from './send/useWalletSendPreviewView.js'
export { useWalletSendPreviewView } from './send/useWalletSendPreviewView.js'
export type { WalletSendSelectTokenViewState } from './send/useWalletSendSelectTokenView.js'
export { useWalletSendSelectTokenView } from './send/useWalletSendSelectTokenView.js'
export type { WalletSendViewState } from './send/useWalletSendView.js'
export { useWalletSendView } from './send/useWalletSendView.js'
export { ConnectingSiweView, SiwxSignMessageView } from './siwx/feature.js'
export type { SiwxSignMessageViewState } from './siwx/useSiwxSignMessageView.js'
export { useSiwxSignMessageView } from './siwx/useSiwxSignMessageView.js'
export { SwapPreviewView, SwapSelectTokenView, SwapView } from './swap/feature.js'
export type { SwapPreviewViewState } from './swap/useSwapPreviewView.js'
export { useSwapPreviewView } from './swap/useSwapPreviewView.js'
export type {
  SwapSelectTokenViewState,
  SwapTokenGroup,
} from './swap/useSwapSelectTokenView.js'
export { useSwapSelectTokenView } from './swap/useSwapSelectTokenView.js'
export type { SwapViewState } from './swap/useSwapView.js'
export { useSwapView } from './swap/useSwapView.js'
export { ConnectingWalletConnectView } from './walletconnect/feature.js'
export type {
  ConnectingWalletConnectViewState,
  WalletConnectTab,
} from './walletconnect/useConnectingWalletConnectView.js'
export { useConnectingWalletConnectView } from './walletconnect/useConnectingWalletConnectView.js'
