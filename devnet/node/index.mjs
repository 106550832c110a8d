// Plain-node entry of `@portico/devnet` (no `source` condition, e.g. scripts/dev.mjs or a Vite
// config loaded natively): loads the TypeScript sources through tsx, so there is no build step.
import { tsImport } from 'tsx/esm/api'

const devnet = await tsImport('../src/index.ts', import.meta.url)

export const {
  startDevnet,
  startRelay,
  createDevnetWalletConnectWallet,
  createMemoryStorage,
  mobileWalletBundle,
  devnetInfoAt,
  toPorticoNetwork,
  originMatches,
  DEFAULT_DEVNET_INFO,
  DEFAULT_ALLOWED_ORIGINS,
  DEFAULT_API_PORT,
  DEFAULT_CHAIN_PORTS,
  DEFAULT_HOST,
  DEFAULT_RELAY_PORT,
  DEFAULT_PRICES,
  CHAIN_DEFINITIONS,
  DEVNET_MNEMONIC,
  DEVNET_PROJECT_ID,
  MOBILE_WALLET_NAME,
  MOBILE_WALLET_PATH,
  MULTICALL3_ADDRESS,
  SWAP_POOLS,
  NATIVE_TOKEN_ADDRESS,
  DEPLOYER_ADDRESS,
  contractsByChain,
  pairAddress,
  TOKEN_DEFINITIONS,
  DevnetMulticall3,
  DevnetTetherToken,
  DevnetToken,
  uniswapV2RouterAbi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  weth9Abi,
} = devnet
