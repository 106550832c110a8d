import type { CreateDevnetWalletConnectWalletOptions, DevnetWalletConnectWallet } from './types.js'

/**
 * `createDevnetWalletConnectWallet`, with `@walletconnect/sign-client` loaded on the first call,
 * so importing `@portico/devnet` (every test, `pnpm dev`) does not load it.
 */
export async function createDevnetWalletConnectWallet(
  options: CreateDevnetWalletConnectWalletOptions,
): Promise<DevnetWalletConnectWallet> {
  const { createDevnetWalletConnectWallet: create } = await import('./wallet.js')
  return create(options)
}
