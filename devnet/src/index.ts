export {
  DevnetMulticall3,
  DevnetSpamNft,
  DevnetTetherToken,
  DevnetToken,
} from '../contracts/out/artifacts.js'
export type { AnalyticsEvent } from './analytics/store.js'
export type { ActiveFault, FaultControl, FaultMode, FaultRule } from './api/faults.js'
export type { TokenBalance } from './api/routes/balance.js'
export type { RouteModule } from './api/services.js'
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
  DEPLOYER_ADDRESS,
  DEVNET_MNEMONIC,
  DEVNET_PROJECT_ID,
  MULTICALL3_ADDRESS,
  NATIVE_TOKEN_ADDRESS,
} from './config/constants.js'
export { DEFAULT_ALLOWED_ORIGINS, originMatches } from './config/origins.js'
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
export type { PriceTable } from './prices/priceTable.js'
export { PROFILE_ZONE, type ProfileAccount } from './profile/names.js'
export {
  type Relay,
  type RelayMessage,
  type RelayOptions,
  type RelayStats,
  startRelay,
} from './relay/index.js'
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
  type WalletConnectPeer,
  type WalletConnectProposal,
  type WalletConnectRequest,
  type WalletConnectSession,
  type WalletConnectStorage,
  type WalletConnectWalletChain,
  type WalletConnectWalletSnapshot,
} from './walletconnect/index.js'
export type { WalletListing } from './wallets/fixture.js'
