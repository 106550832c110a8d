export type { AuthenticateBody, Cacao, CacaoPayload, SiwxSession } from '@portico/server'
export {
  formatSignInMessage,
  parseSignInMessage,
  SIGN_IN_NAMESPACES,
  type SignInMessage,
  SignInMessageError,
  type SignInNamespace,
} from '@portico/server'
export {
  DevnetGuestbook,
  DevnetMulticall3,
  DevnetSmartAccount,
  DevnetSmartAccountFactory,
  DevnetSpamNft,
  DevnetTetherToken,
  DevnetToken,
} from '../contracts/out/artifacts.js'
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
} from './chains/bitcoin/index.js'
export { guestbookAddress, pairAddress } from './chains/evm/addresses.js'
export {
  CHAIN_DEFINITIONS,
  DEFAULT_CHAIN_PORTS,
  DEPLOYER_ADDRESS,
  MULTICALL3_ADDRESS,
  NATIVE_TOKEN_ADDRESS,
} from './chains/evm/constants.js'
export { contractsByChain, toPorticoNetwork } from './chains/evm/network.js'
export {
  COUNTERFACTUAL_ACCOUNT_SALT,
  type DevnetSmartAccounts,
  SMART_ACCOUNT_OWNER_INDEX,
  SMART_ACCOUNT_SALT,
  type SmartAccountInfo,
  smartAccountAddress,
} from './chains/evm/smartAccounts.js'
export {
  DEFAULT_PRICES,
  SPAM_NFT,
  SWAP_POOLS,
  type SwapAsset,
  type SwapPoolDefinition,
  type SwapPoolKey,
  TOKEN_DEFINITIONS,
  type TokenKey,
} from './chains/evm/tokens.js'
export type { DevnetAccount, DevnetChain, DevnetSwap, DevnetTokens } from './chains/evm/types.js'
export {
  PAIR_INIT_CODE_HASH,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
  weth9Abi,
} from './chains/evm/uniswap.js'
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
} from './chains/solana/constants.js'
export {
  deriveSolanaAccounts,
  keyPairFromSeed,
  mnemonicToSeed,
  type SolanaKeyPair,
  slip10Ed25519,
  solanaPath,
} from './chains/solana/keys.js'
export { SOLANA_RPC_METHODS } from './chains/solana/methods.js'
export { runDevnetCli } from './cli/run.js'
export { createPorticoSnippet, porticoConfig } from './cli/summary.js'
export { DEFAULT_HOST, DEVNET_MNEMONIC, DEVNET_PROJECT_ID } from './config/constants.js'
export { DEFAULT_ALLOWED_ORIGINS, originMatches } from './config/origins.js'
export type { Reply } from './kernel/reply.js'
export type { Route, RouteContext } from './kernel/router.js'
export {
  type AnyService,
  type DevnetPage,
  type DevnetService,
  defineService,
  type PageScript,
  type Running,
  type ServiceContext,
  type VitePart,
} from './kernel/service.js'
export { type ProbeDevnetOptions, probeDevnet } from './probe.js'
export {
  DEFAULT_DEVNET_INFO,
  type Devnet,
  type DevnetInfo,
  type DevnetPorts,
  devnetInfoAt,
  SERVICES,
  type StartDevnetOptions,
} from './registry.js'
export type { AnalyticsEvent } from './services/analytics/store.js'
export type { ActiveFault, FaultControl, FaultMode, FaultRule } from './services/api/faults.js'
export { DEFAULT_API_PORT } from './services/api/service.js'
export type { TokenBalance } from './services/blockchain/balance.js'
export type { PlantedSpamNft } from './services/history/spamNft.js'
export {
  HISTORY_PAGE_SIZE,
  type HistoryOperation,
  type HistoryPage,
  type HistoryTransaction,
  type HistoryTransfer,
} from './services/history/types.js'
export { PROFILE_ZONE, type ProfileAccount } from './services/names/profile.js'
export type { NameRecord, NameRegistry, RegisterNameOptions } from './services/names/registry.js'
export type { OnrampOptions } from './services/onramp/catalog.js'
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
} from './services/onramp/config.js'
export type { OnrampHistoryItem, OnrampHistoryPage } from './services/onramp/history.js'
export type { OnrampMessage } from './services/onramp/messages.js'
export type {
  OnrampPurchase,
  OnrampSession,
  OnrampSessionStatus,
} from './services/onramp/onramp.js'
export type { OnrampQuote } from './services/onramp/quote.js'
export { devnetOnrampOptions } from './services/onramp/service.js'
export type { PriceTable } from './services/prices/priceTable.js'
export {
  ISSUED_AT_MAX_SKEW_MS,
  NONCE_TTL_MS,
  SESSION_TTL_MS,
  SIWX_NON_EVM_CHAINS,
} from './services/siwx/constants.js'
export { SWAP_DEADLINE_SECONDS } from './services/swap/convert.js'
export type { MovedPrice, MovePriceOptions } from './services/swap/mover.js'
export {
  type Relay,
  type RelayMessage,
  type RelayOptions,
  type RelayRefusal,
  type RelayStats,
  startRelay,
} from './sites/relay/index.js'
export { DEFAULT_RELAY_PORT } from './sites/relay/service.js'
export {
  EMBEDDED_FUNDING,
  FAUCET_ACCOUNT_INDEX,
  type FrameBundle,
  type InboxMessage,
  type MailService,
  type SecureSite,
  type SecureSiteOptions,
  secureFrameBundle,
  startMailService,
  startSecureSite,
} from './sites/secure/index.js'
export { DEFAULT_SECURE_PORT } from './sites/secure/service.js'
export { startDevnet } from './startDevnet.js'
export type { WalletListing } from './wallets/listing/fixture.js'
export {
  MOBILE_WALLET_NAME,
  MOBILE_WALLET_PATH,
  type MobileWalletConfig,
  mobileWalletBundle,
} from './wallets/mobile/index.js'
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
} from './wallets/walletconnect/index.js'
