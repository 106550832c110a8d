import type { ChainNamespace } from '../caip/index.js'

/** Balances exist for these namespaces only. */
export const BALANCE_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']
