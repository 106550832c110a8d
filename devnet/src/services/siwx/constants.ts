import { BITCOIN_DEVNET_CAIP_NETWORK_ID } from '../../chains/bitcoin/network.js'
import { SOLANA_CAIP_NETWORK_ID } from '../../chains/solana/constants.js'

// The checks' own constants live with them in @portico/server; the devnet's tests pin them here.
export { ISSUED_AT_MAX_SKEW_MS, NONCE_TTL_MS, SESSION_TTL_MS } from '@portico/server'

/** The `iss` of the devnet's session tokens. */
export const TOKEN_ISSUER = 'portico-devnet'

/**
 * Chains outside eip155 that sign-in accepts: the devnet's own Solana chain and its regtest
 * Bitcoin chain, the chains the Devnet Solana Wallet and the Devnet Bitcoin Wallet sign on.
 * Their signatures are checked for real (Ed25519, BIP-322); nothing on those chains is read.
 */
export const SIWX_NON_EVM_CHAINS = [SOLANA_CAIP_NETWORK_ID, BITCOIN_DEVNET_CAIP_NETWORK_ID] as const
