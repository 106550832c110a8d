import { createFakeWallet, type FakeWallet } from '@portico/core/testing'

export const RDNS = 'dev.portico.fake'

/** A fake wallet announced over EIP-6963 for the length of one test. */
export function announcedWallet(wallet: FakeWallet = createFakeWallet()) {
  const stop = wallet.announce(window, { name: 'Fake Wallet', rdns: RDNS })
  return { wallet, stop }
}
