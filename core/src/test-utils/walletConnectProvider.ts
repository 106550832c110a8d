import * as kit from '../kit.js'
import { createWalletConnectProvider as create } from '../walletconnect/createWalletConnectProvider.js'

/**
 * WalletConnect's provider as a client's heavy half builds it (with the client's shared helpers),
 * for tests that drive it alone, with WalletConnect's library as the edge of the world.
 */
export const createWalletConnectProvider = (
  options: Omit<Parameters<typeof create>[0], 'kit'>,
): ReturnType<typeof create> => create({ ...options, kit })
