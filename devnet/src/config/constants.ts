/** The well-known test mnemonic (Hardhat's and anvil's default): never holds real funds. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'

export const DEFAULT_HOST = '127.0.0.1'

/** What examples pass as their project id; the devnet accepts any non-empty one. */
export const DEVNET_PROJECT_ID = 'devnet'

/**
 * The mnemonic accounts handed out on every chain (EVM, Solana, Bitcoin) and in every wallet:
 * the first four, funded.
 */
export const FUNDED_ACCOUNT_COUNT = 4
