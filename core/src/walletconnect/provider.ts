// The lazily loaded half of WalletConnect (see lazyProvider.ts): the provider wrapper, the loader
// of WalletConnect's own packages, what a pairing asks for, and the wallet links of its URI (a
// URI exists only once this code has made one).
export { createWalletConnectProvider } from './createWalletConnectProvider.js'
export { buildWalletLinks, openWalletLink } from './deepLinks.js'
export { loadUniversalProvider } from './loadUniversalProvider.js'
export { pairingNamespaces } from './pairingNamespaces.js'
