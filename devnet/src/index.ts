export {
  DevnetMulticall3,
  DevnetSmartAccount,
  DevnetSmartAccountFactory,
  DevnetSpamNft,
  DevnetTetherToken,
  DevnetToken,
} from '../contracts/out/artifacts.js'
export type { AnalyticsEvent } from './analytics/store.js'
export type { ActiveFault, FaultControl, FaultMode, FaultRule } from './api/faults.js'
export type { TokenBalance } from './api/routes/balance.js'
export type { RouteModule } from './api/services.js'
export {
  type AddressPurpose,
  BITCOIN_DEVNET_CAIP_NETWORK_ID,
  BITCOIN_FUNDING,
  BITCOIN_MAINNET_CAIP_NETWORK_ID,
  BITCOIN_NATIVE_CURRENCY,
  BITCOIN_NETWORK_NAME,
  BITCOIN_REGTEST_CHAIN,
  BITCOIN_TESTNET_CAIP_NETWORK_ID,
  type BitcoinAccount,
  type BitcoinKey,
  BitcoinRejection,
  bitcoinNetwork,
  DEFAULT_BITCOIN_PORT,
  type DevnetBitcoin,
  type DevnetBitcoinInfo,
  FAUCET_PATH,
  ordinalsPath,
  paymentPath,
  REGTEST,
  REGTEST_GENESIS_HASH,
} from './bitcoin/index.js'
export { pairAddress } from './config/addresses.js'
export {
  contractsByChain,
  DEFAULT_DEVNET_INFO,
  devnetInfoAt,
  toPorticoNetwork,
} from './config/chains.js'
export {
  CHAIN_DEFINITIONS,
  DEFAULT_API_PORT,
  DEFAULT_CHAIN_PORTS,
  DEFAULT_HOST,
  DEFAULT_RELAY_PORT,
  DEFAULT_SECURE_PORT,
  DEPLOYER_ADDRESS,
  DEVNET_MNEMONIC,
  DEVNET_PROJECT_ID,
  MULTICALL3_ADDRESS,
  NATIVE_TOKEN_ADDRESS,
} from './config/constants.js'
export { DEFAULT_ALLOWED_ORIGINS, originMatches } from './config/origins.js'
export {
  COUNTERFACTUAL_ACCOUNT_SALT,
  type DevnetSmartAccounts,
  SMART_ACCOUNT_OWNER_INDEX,
  SMART_ACCOUNT_SALT,
  type SmartAccountInfo,
  smartAccountAddress,
} from './config/smartAccounts.js'
export {
  DEFAULT_PRICES,
  SPAM_NFT,
  SWAP_POOLS,
  type SwapAsset,
  type SwapPoolDefinition,
  type SwapPoolKey,
  TOKEN_DEFINITIONS,
  type TokenKey,
} from './config/tokens.js'
export type { PlantedSpamNft } from './history/spamNft.js'
export {
  HISTORY_PAGE_SIZE,
  type HistoryOperation,
  type HistoryPage,
  type HistoryTransaction,
  type HistoryTransfer,
} from './history/types.js'
export {
  MOBILE_WALLET_NAME,
  MOBILE_WALLET_PATH,
  type MobileWalletConfig,
  mobileWalletBundle,
} from './mobile-wallet/index.js'
export type { NameRecord, NameRegistry, RegisterNameOptions } from './names/registry.js'
export type { OnrampOptions } from './onramp/catalog.js'
export {
  CHECKOUT_PATH,
  MELD_ENTRY_PATH,
  ONRAMP_MESSAGE_TYPE,
  ONRAMP_NETWORKS,
  type OnrampProvider,
  PAYMENT_LIMITS,
  PURCHASE_ASSETS,
  QUOTE_TTL_MS,
  TEST_CARDS,
} from './onramp/config.js'
export type { OnrampHistoryItem, OnrampHistoryPage } from './onramp/history.js'
export type { OnrampMessage } from './onramp/messages.js'
export type { OnrampQuote } from './onramp/quote.js'
export type { OnrampPurchase, OnrampSession, OnrampSessionStatus } from './onramp/service.js'
export type { PriceTable } from './prices/priceTable.js'
export { PROFILE_ZONE, type ProfileAccount } from './profile/names.js'
export {
  type Relay,
  type RelayMessage,
  type RelayOptions,
  type RelayRefusal,
  type RelayStats,
  startRelay,
} from './relay/index.js'
export {
  EMBEDDED_FUNDING,
  FAUCET_ACCOUNT_INDEX,
  type FrameBundle,
  type InboxMessage,
  type MailService,
  type SecureSite,
  type SecureSiteOptions,
  secureFrameBundle,
  secureProtocol,
  startMailService,
  startSecureSite,
} from './secure/index.js'
export type { AuthenticateBody, Cacao, CacaoPayload } from './siwx/body.js'
export {
  ISSUED_AT_MAX_SKEW_MS,
  NONCE_TTL_MS,
  SESSION_TTL_MS,
  SIWX_NON_EVM_CHAINS,
} from './siwx/constants.js'
export {
  formatSignInMessage,
  parseSignInMessage,
  SIGN_IN_NAMESPACES,
  type SignInMessage,
  SignInMessageError,
  type SignInNamespace,
} from './siwx/message.js'
export type { SiwxSession } from './siwx/tokens.js'
export {
  DEFAULT_SOLANA_PORT,
  type DevnetSolanaInfo,
  SOLANA_CAIP_NETWORK_ID,
  SOLANA_DEVNET_ADDRESSES,
  SOLANA_GENESIS_HASH,
  SOLANA_NATIVE_CURRENCY,
  SOLANA_NETWORK_NAME,
  SOLANA_USDC,
  SOLANA_WALLET_STANDARD_CHAIN,
  solanaInfoAt,
} from './solana/constants.js'
export {
  deriveSolanaAccounts,
  keyPairFromSeed,
  mnemonicToSeed,
  type SolanaKeyPair,
  slip10Ed25519,
  solanaPath,
} from './solana/keys.js'
export { SOLANA_RPC_METHODS } from './solana/methods.js'
export { startDevnet } from './startDevnet.js'
export type { MovedPrice, MovePriceOptions } from './swap/mover.js'
export { SWAP_DEADLINE_SECONDS } from './swap/service.js'
export {
  PAIR_INIT_CODE_HASH,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
  weth9Abi,
} from './swap/uniswap.js'
export type {
  Devnet,
  DevnetAccount,
  DevnetChain,
  DevnetInfo,
  DevnetSwap,
  DevnetTokens,
  StartDevnetOptions,
} from './types.js'
export {
  type CreateDevnetWalletConnectWalletOptions,
  createDevnetWalletConnectWallet,
  createMemoryStorage,
  type Decision,
  type DevnetWalletConnectWallet,
  type WalletConnectAuthRequest,
  type WalletConnectAuthResult,
  type WalletConnectPeer,
  type WalletConnectProposal,
  type WalletConnectRequest,
  type WalletConnectSession,
  type WalletConnectStorage,
  type WalletConnectWalletChain,
  type WalletConnectWalletSnapshot,
} from './walletconnect/index.js'
export type { WalletListing } from './wallets/fixture.js'
