export const DEVNET_WALLETCONNECT_MNEMONIC =
  'test test test test test test test test test test test junk'
/** The devnet relay accepts any project id; this is the one the wallet sends. */
export const DEVNET_WALLETCONNECT_PROJECT_ID = 'devnet'
