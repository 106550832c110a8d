/**
 * @portico/core/internal: what Portico's own packages and tests use beyond the public API. Not
 * covered by semantic versioning: anything here may change in any release.
 */
export { accountFeature } from './account/index.js'
export type {
  AdapterAccount,
  AdapterContext,
  AdapterEventHandlers,
  AdapterLoaders,
  BalanceCapability,
  ChainAdapter,
  ConnectCapability,
  NativeBalance,
  NetworkCapability,
  PrepareTransferParameters,
  SignCapability,
  TransactionCapability,
  TransactionReceipt,
  TransactionRequest,
  TransferCapability,
  TransferReceipt,
} from './adapters/index.js'
export {
  defaultAdapterLoaders,
  isUserRejection,
  toWalletError,
  WALLET_ERROR_CODES,
  walletErrorCode,
} from './adapters/index.js'
export type { AlertsInternal } from './alerts/index.js'
export { alertsFeature } from './alerts/index.js'
export { API_REQUEST_TIMEOUT_MS, createApiClient } from './api/createApiClient.js'
export type { ApiClient, ApiRequestOptions, BlockchainApi, ToolkitApi } from './api/index.js'
export { createBlockchainApi, createToolkitApi, isOriginAllowed } from './api/index.js'
export type { AuthInternal, FrameHost, FrameMessageEvent, MountedFrame } from './auth/index.js'
export { authFeature, LAST_EMAIL_LOGIN_KEY } from './auth/index.js'
// The secure frame protocol: the devnet's secure site speaks the frame's side of it with these,
// so both sides run one copy of the rules.
export type {
  AppEventName,
  AppPayloads,
  FramedUser,
  FrameErrorPayload,
  FrameMessage,
  FrameNotice,
  SuccessPayloads,
} from './auth/protocol.js'
export {
  APP_EVENTS,
  appMessage,
  cooldownMessage,
  EMAIL_LOGIN_RULES,
  FRAME_ERRORS,
  FRAME_TIMINGS,
  frameError,
  frameNotice,
  frameSuccess,
  isValidEmail,
  NOTICES,
  normalizeEmail,
  PROTOCOL_CHANNEL,
  parseAppMessage,
  parseChainId,
  parseFrameMessage,
  RPC_ERROR_CODES,
  rpcMethodClass,
  SAFE_RPC_METHODS,
  SECURE_FRAME_PATH,
  SECURE_SDK_VERSION,
  UNSAFE_RPC_METHODS,
} from './auth/protocol.js'
export type { BalancesInternal } from './balances/index.js'
export { BALANCE_NAMESPACES, balancesFeature } from './balances/index.js'
// The heavy half's timings: imported from their own module so the client's initial code does not
// reach them.
export {
  BALANCE_CACHE_MS,
  BALANCE_RETRY_BLOCK_MS,
  NATIVE_BALANCE_CACHE_MS,
} from './balances/tuning.js'
// Loaded on first use by the feature: imported from its own module so the client's initial code
// does not reach it.
export { assetToTokenBalance, parseWalletAssets } from './balances/walletAssets.js'
export { CHAIN_NAMESPACES, isChainNamespace } from './caip/index.js'
export { FEATURES } from './client/index.js'
export type { ActiveConnection, ConnectionEvent, ConnectionInternal } from './connection/index.js'
export { CONNECTION_STATUSES, connectionEvent, connectionFeature } from './connection/index.js'
export { isEip1193Provider, parseAnnouncement } from './connectors/eip6963.js'
export type { ConnectorsInternal } from './connectors/index.js'
export {
  CONNECTOR_TYPES,
  connectorsFeature,
  INJECTED_CONNECTOR_ID,
  orderConnectors,
  RECENT_WALLETS_MAX,
  RECONNECT_DISCOVERY_TIMEOUT_MS,
} from './connectors/index.js'
export { alertCatalogue, EXTRA_ERROR_CODES, thrownErrors } from './errors/index.js'
export type { FarcasterInternal } from './farcaster/index.js'
export { authReloadEvent, FARCASTER_RELOAD_DELAY_MS, farcasterFeature } from './farcaster/index.js'
export { formatDecimal, parseDecimal } from './format/index.js'
export type { HistoryInternal } from './history/index.js'
export { historyFeature, TRANSFER_DISPLAY_DECIMALS } from './history/index.js'
// The heavy halves' own modules, imported from where they are: through a feature's index, the
// client's first load would reach them and a bundler would give them a file of their own.
export {
  HISTORY_CACHE_MS,
  HISTORY_RETRY_BLOCK_MS,
  PENDING_TRANSACTIONS_LIMIT,
} from './history/tuning.js'
export { isSpamOnly, visibleTransactions } from './history/visible.js'
export type { IdentityInternal } from './identity/index.js'
export { identityFeature } from './identity/index.js'
export { IDENTITY_CACHE_MS } from './identity/tuning.js'
export type {
  AnyFeature,
  AsyncAction,
  ClientContext,
  ClientOf,
  Clock,
  EventBus,
  EventToken,
  Feature,
  FeatureContext,
  InternalOf,
  OptionsOf,
  PublicOf,
} from './kernel/index.js'
export {
  buildClient,
  createAsyncAction,
  createClient,
  createEventBus,
  defineEvent,
  defineFeature,
  loadFeatureCode,
  orderFeatures,
} from './kernel/index.js'
export { canonicalLocale, localeDirection, localeFeature } from './locale/index.js'
export type { Logger } from './logger/index.js'
export { createLogger } from './logger/index.js'
export type { ModalInternal } from './modal/index.js'
export { createModal, modalFeature, SPEC_VIEWS } from './modal/index.js'
export {
  LEGACY_NAME_SUFFIX,
  NAME_MIN_LENGTH,
  NAME_RULE_MESSAGE,
  namesFeature,
} from './names/index.js'
export { NAME_CACHE_MS } from './names/tuning.js'
export type { NetworkInternal } from './network/index.js'
export { networkFeature } from './network/index.js'
export { onrampFeature } from './onramp/index.js'
export {
  ONRAMP_DEFAULT_LIMITS,
  ONRAMP_DEFAULT_OPTIONS,
  ONRAMP_POLL_INTERVAL_MS,
  ONRAMP_POLL_TIMEOUT_MS,
  ONRAMP_PROVIDERS,
  ONRAMP_QUOTE_DEBOUNCE_MS,
  ONRAMP_RESTRICTED_TIME_ZONES,
} from './onramp/tuning.js'
export { ONRAMP_MESSAGES } from './onramp/validation.js'
export {
  DEFAULT_API_URLS,
  DEFAULT_FEATURES,
  evmChainId,
  networkReference,
  resolveOptions,
  validateNetwork,
} from './options/index.js'
export type { RequestsInternal } from './requests/index.js'
export { isUnsafeMethod, requestsFeature, UNSAFE_METHODS } from './requests/index.js'
export {
  cleanAccountName,
  cleanDisplayText,
  parseWalletLink,
  TEXT_LIMITS,
  toSafeImageUrl,
  toSafeWalletLink,
} from './security/index.js'
export { sendFeature } from './send/index.js'
export { NAME_LOOKUP_DEBOUNCE_MS, NO_RETURN_TRANSFER_TOKENS } from './send/tuning.js'
export { checkAmount, readReceiver, SEND_MESSAGES } from './send/validation.js'
export type { SiwxInternal } from './siwx/index.js'
export { SIWX_STORAGE_KEYS, siwxFeature } from './siwx/index.js'
export { DEFAULT_SESSION_DURATION_MS } from './siwx/message.js'
export { SIWX_MESSAGES } from './siwx/messages.js'
export { SIWX_SERVER_TIMEOUT_MS } from './siwx/serverImpl.js'
export { PREPARED_MESSAGE_MAX_AGE_MS, SIGN_MESSAGE_TIMEOUT_MS } from './siwx/signing.js'
export type { SafeStorage, Validator } from './storage/index.js'
export {
  createSafeStorage,
  STORAGE_PREFIX,
  storedCache,
  storedMap,
  storedValue,
} from './storage/index.js'
export type { SwapStores } from './swap/index.js'
export {
  SWAP_CHAIN_IDS,
  SWAP_DEFAULT_SLIPPAGE,
  SWAP_LOAD_FAILED,
  SWAP_MAX_SLIPPAGE,
  swapFeature,
} from './swap/index.js'
export {
  SWAP_MESSAGES,
  SWAP_TOAST_APPROVED,
  SWAP_TOAST_DECLINED,
  SWAP_TOAST_SWAPPED,
} from './swap/messages.js'
export { TELEMETRY_EVENT_PATH, TELEMETRY_WINDOW_MS } from './telemetry/delivery.js'
export { createEventId, telemetryCode } from './telemetry/event.js'
export type { RateLimiter, TelemetryInternal, TelemetryReport } from './telemetry/index.js'
export { TELEMETRY_EVENTS_PER_WINDOW, telemetryFeature } from './telemetry/index.js'
export { createRateLimiter } from './telemetry/rateLimit.js'
export { THEME_ACCENT, THEME_BACKGROUND, themeFeature, themeToCssVariables } from './theme/index.js'
export { TOAST_AUTO_CLOSE_MS, TOAST_SWAP_DELAY_MS, toastFeature } from './toast/index.js'
export {
  WALLET_CONNECT_CONNECTOR_ID,
  walletConnectFeature,
} from './walletconnect/index.js'
export { walletsFeature } from './wallets/index.js'
// The listing's sizes load with the wallet explorer's heavy half: imported from their own module so
// the client's initial code does not reach them.
export { RECOMMENDED_WALLETS, WALLETS_PAGE_SIZE } from './wallets/sizes.js'
