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

export type { AccountViewAction, AccountViewState } from './account/useAccountView.js'
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
export type { AllWalletsViewState } from './connect/useAllWalletsView.js'
export type { ConnectingExternalViewState } from './connect/useConnectingExternalView.js'
export type { ConnectViewState } from './connect/useConnectView.js'
// Texts and languages
export type { UiKitMessages } from './features.js'
export type { TransactionsViewState } from './history/useTransactionsView.js'
export type { UiLocale } from './kit/locales.js'
export { resolveUiLocale, UI_LOCALES } from './kit/locales.js'
export type { UiMessages } from './kit/messages.js'
export type { MessageParams, MessageTable, Plural, Text } from './kit/text.js'
// The built-in views (each a lazily loaded component whose render prop `children(state)` receives
// the state of its view-model hook), their hooks, `ModalHeader`, `useFocusTrap` and `useMessages`
// are in @portico/ui-kit/views: a page that only shows the modal never reaches them from its first
// load, whatever its bundler (esbuild puts in the first load any module an index reaches that lazy
// code also uses).
export type { DefaultViewProps, LazyView, ViewProps } from './kit/types.js'
export type { UiMessageKey } from './messages/useMessages.js'
// The modal and its frame
export { Modal } from './modal/Modal.js'
export type { ModalContextValue } from './modal/ModalContext.js'
export { useModalContext } from './modal/ModalContext.js'
export type { ModalTriggerProps } from './modal/ModalTrigger.js'
export { ModalTrigger } from './modal/ModalTrigger.js'
export type { ModalHeaderRenderProps, ModalProps, ViewComponents } from './modal/types.js'
export type { RegisterAccountNameSuccessViewState } from './names/useRegisterAccountNameSuccessView.js'
export type { RegisterAccountNameViewState } from './names/useRegisterAccountNameView.js'
export type { NetworkSwitchState } from './network/useNetworkSwitch.js'
export type { NetworksViewState } from './network/useNetworksView.js'
export type { UnsupportedChainViewState } from './network/useUnsupportedChainView.js'
export type { OnRampActivityViewState } from './onramp/useOnRampActivityView.js'
export type { OnRampBuyViewState } from './onramp/useOnRampBuyView.js'
export type { OnRampProvidersViewState } from './onramp/useOnRampProvidersView.js'
export { Slot } from './primitives/Slot.js'
export type { WalletReceiveViewState } from './receive/useWalletReceiveView.js'
export type { WalletSendPreviewViewState } from './send/useWalletSendPreviewView.js'
export type { WalletSendSelectTokenViewState } from './send/useWalletSendSelectTokenView.js'
export type { WalletSendViewState } from './send/useWalletSendView.js'
export type { SiwxSignMessageViewState } from './siwx/useSiwxSignMessageView.js'
export type { SwapPreviewViewState } from './swap/useSwapPreviewView.js'
export type { SwapSelectTokenViewState } from './swap/useSwapSelectTokenView.js'
export type { SwapViewState } from './swap/useSwapView.js'
export { ToastRegion } from './toast/ToastRegion.js'
export type {
  ConnectingWalletConnectViewState,
  WalletConnectTab,
} from './walletconnect/useConnectingWalletConnectView.js'
