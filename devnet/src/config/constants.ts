/** The well-known test mnemonic (Hardhat's and anvil's default): never holds real funds. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'

export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_API_PORT = 8787
/** The WalletConnect relay, which also serves the Devnet Mobile Wallet page. */
export const DEFAULT_RELAY_PORT = 8788
/**
 * The secure site (the embedded wallet's frame, the Devnet Inbox): same host name as the apps,
 * its own port, so the frame is cross-origin but same-site.
 */
export const DEFAULT_SECURE_PORT = 8789
export const DEFAULT_CHAIN_PORTS = [8545, 8546, 8547] as const

/** What examples pass as their project id; the devnet accepts any non-empty one. */
export const DEVNET_PROJECT_ID = 'devnet'

export const NATIVE_CURRENCY = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/**
 * The three chains. The first two are the ones apps configure (and the only ones the Blockchain
 * API supports); the third exists so the wallet can switch to a chain the app does not know,
 * which is how the UnsupportedChain view is reached.
 */
export const CHAIN_DEFINITIONS = [
  { chainId: 31337, name: 'Devnet' },
  { chainId: 31338, name: 'Devnet L2' },
  { chainId: 31339, name: 'Devnet Unlisted' },
] as const

/** anvil funds mnemonic accounts 0..9; the devnet hands out the first four, with tokens. */
export const FUNDED_ACCOUNT_COUNT = 4

/**
 * Contracts are deployed by mnemonic account 9, which no test or person uses, so its nonces (and
 * therefore the contract addresses) are the same on every chain and every run.
 */
export const DEPLOYER_ACCOUNT_INDEX = 9

/**
 * Mnemonic account 9's address, written out so that knowing the contract addresses (the Vite
 * plugin, `devnetInfoAt`) does not cost a key derivation; a unit test derives it.
 */
export const DEPLOYER_ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720' as const

export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const

/** The placeholder address some APIs use for a chain's native token. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' as const
