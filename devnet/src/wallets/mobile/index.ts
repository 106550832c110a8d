export { mobileWalletBundle } from './bundle.js'
export {
  MOBILE_WALLET_NAME,
  MOBILE_WALLET_PATH,
  type MobileWalletConfig,
} from './config.js'
