/**
 * @portico/core: the UI-free Portico client. Everything public is listed here by name; internals
 * for tests and sibling packages are in `@portico/core/internal`.
 */

// Features: their public parts and the types they use
export type { AccountFeature, AccountState } from './account/index.js'
export type { PreparedTransfer } from './adapters/index.js'
export type { Alert, AlertsFeature } from './alerts/index.js'
export type {
  ApproveTransactionData,
  AuthFeature,
  AuthOptions,
  AuthPreloadErrorType,
  AuthUser,
  EmailLoginErrorType,
  EmailLoginOutcome,
  EmailLoginState,
  EmailLoginStep,
  FrameApproval,
  FramePlacement,
  FrameRect,
  FrameState,
  FrameStatus,
  UpdateEmailErrorType,
  UpdateEmailState,
  UpdateEmailStep,
} from './auth/index.js'
export { AUTH_CONNECTOR_ID, EMAIL_LOGIN_COOLDOWN_MS } from './auth/index.js'
export type { BalancesFeature, NativeBalanceState, TokenBalance } from './balances/index.js'
// Chain ids and formatting
export type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip/index.js'
export {
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
} from './caip/index.js'
// The client
export type { PorticoClient, PorticoOptions } from './client/index.js'
export { createPortico } from './client/index.js'
export type {
  ConnectErrorType,
  ConnectedWalletInfo,
  ConnectionFeature,
  ConnectionOptions,
  ConnectionState,
  ConnectionStatus,
  ConnectParameters,
  ConnectReturnType,
  DisconnectErrorType,
  DisconnectParameters,
  SwitchAccountErrorType,
  SwitchAccountParameters,
  SwitchNamespaceErrorType,
  SwitchNetworkErrorType,
} from './connection/index.js'
export type {
  ConnectItem,
  Connector,
  ConnectorsFeature,
  ConnectorsOptions,
  ConnectorType,
  CustomWallet,
  Eip1193Provider,
  ExternalConnector,
  ListedWallet,
  RecentWallet,
} from './connectors/index.js'
// Errors, messages and async state
export type { AlertCode, PorticoErrorCode, ThrownErrorCode } from './errors/index.js'
export { isPorticoError, PorticoError } from './errors/index.js'
export type { FarcasterFeature } from './farcaster/index.js'
export { formatAmount, truncateAddress } from './format/index.js'
export type {
  HistoryFeature,
  Transaction,
  TransactionDay,
  TransactionTransfer,
} from './history/index.js'
export { formatTransferAmount, groupByDay } from './history/index.js'
export type { FetchIdentityErrorType, IdentityFeature, Profile } from './identity/index.js'
export type { AsyncState, AsyncStatus } from './kernel/index.js'
export type { LocaleFeature, LocaleOptions, TextDirection } from './locale/index.js'
export type { LogLevel } from './logger/index.js'
export type { Message } from './messages/index.js'
export { errorMessage } from './messages/index.js'
export type {
  CustomViews,
  ModalFeature,
  OpenModalParameters,
  TransactionOutcome,
  TransactionStep,
  ViewData,
  ViewEntry,
  ViewName,
} from './modal/index.js'
export type {
  NameCheck,
  NameProfile,
  NameSuggestion,
  NameSuggestionsErrorType,
  NamesFeature,
  RegisterNameErrorType,
  RegisterNameStep,
  ResolveNameErrorType,
  ReverseLookupErrorType,
} from './names/index.js'
export { checkName, NAME_SUFFIX } from './names/index.js'
export type { NetworkFeature, NetworkOptions } from './network/index.js'
export type {
  OnrampAmount,
  OnrampAsset,
  OnrampBuyErrorType,
  OnrampFeature,
  OnrampForm,
  OnrampNetwork,
  OnrampOptions,
  OnrampOptionsData,
  OnrampPaymentCurrency,
  OnrampPaymentMethodLimit,
  OnrampProvider,
  OnrampProviderId,
  OnrampPurchase,
  OnrampPurchaseCurrency,
  OnrampPurchaseItem,
  OnrampPurchasePhase,
  OnrampPurchaseState,
  OnrampQuote,
} from './onramp/index.js'
// Shared options and networks
export type {
  AccountType,
  ApiUrls,
  BaseOptions,
  ChainBlockExplorer,
  ChainRpcUrls,
  ConnectorTypeOrderItem,
  EvmChain,
  Features,
  Metadata,
  NativeCurrency,
  NetworkInput,
  PorticoNetwork,
  ResolvedOptions,
  SocialOption,
  SocialProvider,
  WalletFeature,
} from './options/index.js'
export { networkNamespace, toPorticoNetwork } from './options/index.js'
export type { PendingRequest, RequestsFeature } from './requests/index.js'
export type {
  SendErrors,
  SendErrorType,
  SendFeature,
  SendOptions,
  SendPreviewErrorType,
  SendReceiver,
  SendState,
} from './send/index.js'
export type {
  BrowserSiwxOptions,
  ServerSiwx,
  ServerSiwxOptions,
  SiweConfig,
  SiweCreateMessageArgs,
  SiweSession,
  SiwxBaseOptions,
  SiwxCacao,
  SiwxConfig,
  SiwxContext,
  SiwxFeature,
  SiwxMessage,
  SiwxMessageData,
  SiwxMessageOptions,
  SiwxOptions,
  SiwxPreparedMessage,
  SiwxServerSession,
  SiwxSession,
  SiwxSessionInfo,
  SiwxSignInErrorType,
  SiwxSignOutErrorType,
} from './siwx/index.js'
export { createBrowserSiwx, createServerSiwx } from './siwx/index.js'
export type { CookieStorageOptions, PorticoInitialState, StorageAdapter } from './storage/index.js'
export {
  cookieStorage,
  cookieToInitialState,
  createCookieStorage,
  createMemoryStorage,
} from './storage/index.js'
export type {
  SetSlippageErrorType,
  SwapApproveErrorType,
  SwapErrors,
  SwapErrorType,
  SwapFeature,
  SwapFee,
  SwapFormErrorType,
  SwapOptions,
  SwapPreview,
  SwapPreviewErrorType,
  SwapQuote,
  SwapQuoteErrorType,
  SwapSetMaxErrorType,
  SwapState,
  SwapToken,
  SwapTokenLists,
  SwapTransaction,
} from './swap/index.js'
export type {
  TelemetryEvent,
  TelemetryEventName,
  TelemetryFeature,
  TelemetryProps,
  TelemetryStatus,
} from './telemetry/index.js'
export type {
  CssVariables,
  ThemeFeature,
  ThemeMode,
  ThemeOptions,
  ThemeVariables,
} from './theme/index.js'
export type { ToastContent, ToastFeature, ToastState, ToastVariant } from './toast/index.js'
export { SDK_TYPE, SDK_VERSION } from './version.js'
export type {
  ChainParameter,
  ConnectedWallet,
  GetProviderErrorType,
  GetProviderParameters,
  GetPublicClientErrorType,
  GetPublicClientParameters,
  GetWalletClientErrorType,
  GetWalletClientParameters,
  PorticoProvider,
  PorticoWalletClient,
  ProviderRpcError,
  ReadContractErrorType,
  ReadContractParameters,
  SendTransactionErrorType,
  SendTransactionParameters,
  SendTransactionReturnType,
  SignMessageErrorType,
  SignMessageParameters,
  SignMessageReturnType,
  SignPsbtErrorType,
  SignPsbtParameters,
  SignPsbtReturnType,
  SignTypedDataErrorType,
  SignTypedDataParameters,
  SignTypedDataReturnType,
  WalletOptions,
  WalletRequestErrorType,
  WalletRequestParameters,
  WriteContractErrorType,
  WriteContractParameters,
  WriteContractReturnType,
  WrongChainRule,
} from './wallet/index.js'
export type {
  DeepLinkChoice,
  WalletConnectFeature,
  WalletConnectStatus,
  WalletLinkKind,
  WalletLinks,
} from './walletconnect/index.js'
export type {
  WalletListing,
  WalletSearch,
  WalletsConnectErrorType,
  WalletsFeature,
  WalletsOptions,
  WalletsStatus,
} from './wallets/index.js'
