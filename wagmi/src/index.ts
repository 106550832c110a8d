/**
 * @portico/wagmi: Portico's modal and stores for an app on wagmi. `createPorticoWagmiConfig`
 * makes wagmi's config from a Portico client; `porticoConnector` is the connector alone.
 */
export { networkToChain, porticoChains, porticoTransports } from './chains.js'
export type { PorticoWagmiConfigParameters } from './config.js'
export { createPorticoWagmiConfig } from './config.js'
export type { PorticoConnectorOptions } from './connector.js'
export { PORTICO_CONNECTOR_ID, porticoConnector } from './connector.js'
export type { CookieKeyValueStorage, PorticoWagmiInitialState } from './cookies.js'
export { cookieToPorticoWagmiState, wagmiCookieStorage } from './cookies.js'
