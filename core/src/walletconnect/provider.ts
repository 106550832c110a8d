// The lazily loaded half of WalletConnect (see lazyProvider.ts): the provider wrapper and the
// loader of WalletConnect's own packages.
export { createWalletConnectProvider } from './createWalletConnectProvider.js'
export { loadUniversalProvider } from './loadUniversalProvider.js'
