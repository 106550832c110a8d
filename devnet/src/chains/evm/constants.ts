export const DEFAULT_CHAIN_PORTS = [8545, 8546, 8547] as const

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

/**
 * Mnemonic account 8 pays new embedded (email) accounts on the secure site. It is funded with
 * the tokens of accounts 0–3, in the same mint transactions, so the contract addresses do not
 * move.
 */
export const FAUCET_ACCOUNT_INDEX = 8

export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const

/** The placeholder address some APIs use for a chain's native token. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' as const
