export { type MobileWalletBundle, mobileWalletBundle } from './bundle.js'
export {
  CONFIG_ELEMENT_ID,
  MOBILE_WALLET_NAME,
  MOBILE_WALLET_PATH,
  MOBILE_WALLET_STORAGE_PREFIX,
  type MobileWalletConfig,
} from './config.js'
export { chainName, describeRequest } from './describe.js'
export { createMobileWalletHandler, mobileWalletHtml } from './page.js'
