'use client'

// Client code for React Server Components (the Next.js app router): a server page may render
// these components, never run them. The build writes the directive into every output file.
/**
 * @portico/ui-kit: the accessible, replaceable modal and its buttons over `@portico/react`. Every
 * public name is listed here; anything else is internal. The view-model hooks (`useConnectView()`,
 * `useWalletSendView()`…) are in `@portico/ui-kit/views`: a page that only shows the modal never
 * reaches their code from its first load, whatever its bundler (esbuild puts a module reachable
 * from the entry into the first load even when only a lazy view uses it).
 */
import './augment.js'

export { AccountView } from './account/feature.js'
export type { AccountViewAction, AccountViewState } from './account/useAccountView.js'
export {
  ApproveTransactionView,
  EmailVerifyDeviceView,
  EmailVerifyOtpView,
  UpdateEmailPrimaryOtpView,
  UpdateEmailSecondaryOtpView,
  UpdateEmailWalletView,
} from './auth/feature.js'
export type { ApproveTransactionViewState } from './auth/useApproveTransactionView.js'
export type { EmailFieldViewState } from './auth/useEmailFieldView.js'
export type { EmailVerifyDeviceViewState } from './auth/useEmailVerifyDeviceView.js'
export type { EmailVerifyOtpViewState } from './auth/useEmailVerifyOtpView.js'
export type { UpdateEmailViewState, UpdateEmailViewStep } from './auth/useUpdateEmailView.js'
// The buttons
export type { ConnectButtonProps } from './buttons/ConnectButton.js'
export { ConnectButton } from './buttons/ConnectButton.js'
export type { NetworkButtonProps } from './buttons/NetworkButton.js'
export { NetworkButton } from './buttons/NetworkButton.js'
export type { ConnectButtonState } from './buttons/useConnectButton.js'
export { useConnectButton } from './buttons/useConnectButton.js'
export type { NetworkButtonState } from './buttons/useNetworkButton.js'
export { useNetworkButton } from './buttons/useNetworkButton.js'
// Building blocks
export type { WalletIconProps } from './components/WalletIcon.js'
export { WalletIcon } from './components/WalletIcon.js'
export { AllWalletsView, ConnectingExternalView, ConnectView } from './connect/feature.js'
export type { AllWalletsViewState } from './connect/useAllWalletsView.js'
export type { ConnectingExternalViewState } from './connect/useConnectingExternalView.js'
export type { ConnectViewState } from './connect/useConnectView.js'
// Texts and languages
export type { UiKitMessages } from './features.js'
export { TransactionsView } from './history/feature.js'
export type { TransactionsViewState } from './history/useTransactionsView.js'
export type { UiLocale } from './kit/locales.js'
export { resolveUiLocale, UI_LOCALES } from './kit/locales.js'
export type { UiMessages } from './kit/messages.js'
export type { MessageParams, MessageTable, Plural, Text } from './kit/text.js'
// Views: each a lazily loaded component whose render prop `children(state)` receives the state of
// its view-model hook (the hooks are in @portico/ui-kit/views)
export type { DefaultViewProps, LazyView, ViewProps } from './kit/types.js'
export type { UiMessageKey } from './messages/useMessages.js'
export { useMessages } from './messages/useMessages.js'
// The modal and its frame
export { Modal } from './modal/Modal.js'
export type { ModalContextValue } from './modal/ModalContext.js'
export { useModalContext } from './modal/ModalContext.js'
export { ModalHeader } from './modal/ModalHeader.js'
export type { ModalTriggerProps } from './modal/ModalTrigger.js'
export { ModalTrigger } from './modal/ModalTrigger.js'
export type { ModalHeaderRenderProps, ModalProps, ViewComponents } from './modal/types.js'
export { RegisterAccountNameSuccessView, RegisterAccountNameView } from './names/feature.js'
export type { RegisterAccountNameSuccessViewState } from './names/useRegisterAccountNameSuccessView.js'
export type { RegisterAccountNameViewState } from './names/useRegisterAccountNameView.js'
export { NetworksView, UnsupportedChainView } from './network/feature.js'
export type { NetworkSwitchState } from './network/useNetworkSwitch.js'
export type { NetworksViewState } from './network/useNetworksView.js'
export type { UnsupportedChainViewState } from './network/useUnsupportedChainView.js'
export { OnRampActivityView, OnRampBuyView, OnRampProvidersView } from './onramp/feature.js'
export type { OnRampActivityViewState } from './onramp/useOnRampActivityView.js'
export type { OnRampBuyViewState } from './onramp/useOnRampBuyView.js'
export type { OnRampProvidersViewState } from './onramp/useOnRampProvidersView.js'
export { Slot } from './primitives/Slot.js'
export { useFocusTrap } from './primitives/useFocusTrap.js'
export { WalletReceiveView } from './receive/feature.js'
export type { WalletReceiveViewState } from './receive/useWalletReceiveView.js'
export { WalletSendPreviewView, WalletSendSelectTokenView, WalletSendView } from './send/feature.js'
export type { WalletSendPreviewViewState } from './send/useWalletSendPreviewView.js'
export type { WalletSendSelectTokenViewState } from './send/useWalletSendSelectTokenView.js'
export type { WalletSendViewState } from './send/useWalletSendView.js'
export { ConnectingSiweView, SiwxSignMessageView } from './siwx/feature.js'
export type { SiwxSignMessageViewState } from './siwx/useSiwxSignMessageView.js'
export { SwapPreviewView, SwapSelectTokenView, SwapView } from './swap/feature.js'
export type { SwapPreviewViewState } from './swap/useSwapPreviewView.js'
export type { SwapSelectTokenViewState } from './swap/useSwapSelectTokenView.js'
export type { SwapViewState } from './swap/useSwapView.js'
export { ToastRegion } from './toast/ToastRegion.js'
export { ConnectingWalletConnectView } from './walletconnect/feature.js'
export type {
  ConnectingWalletConnectViewState,
  WalletConnectTab,
} from './walletconnect/useConnectingWalletConnectView.js'
