import {
  type ApiUrls,
  CONNECTOR_TYPE_ORDER_DEFAULT,
  type Features,
  WALLET_FEATURES,
} from './types.js'

/** Which parts of the product are on unless the app says otherwise. */
export const DEFAULT_FEATURES: Features = {
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  walletFeaturesOrder: WALLET_FEATURES,
  connectorTypeOrder: CONNECTOR_TYPE_ORDER_DEFAULT,
}

/** The hosted services. */
export const DEFAULT_API_URLS: ApiUrls = {
  blockchain: 'https://rpc.walletconnect.org',
  toolkit: 'https://api.web3modal.org',
  pulse: 'https://pulse.walletconnect.org',
  secureSite: 'https://secure.walletconnect.org',
  relay: 'wss://relay.walletconnect.org',
}
