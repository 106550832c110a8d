export { createBrowserSiwx } from './browser.js'
export { SIWX_STORAGE_KEYS } from './constants.js'
export type { SiwxFeature, SiwxInternal } from './feature.js'
export { siwxFeature } from './feature.js'
export type { ServerSiwx } from './server.js'
export { createServerSiwx } from './server.js'
export type {
  BrowserSiwxOptions,
  ServerSiwxOptions,
  SiweConfig,
  SiweCreateMessageArgs,
  SiweSession,
  SiwxBaseOptions,
  SiwxCacao,
  SiwxConfig,
  SiwxContext,
  SiwxMessage,
  SiwxMessageData,
  SiwxMessageOptions,
  SiwxOptions,
  SiwxPreparedMessage,
  SiwxServerSession,
  SiwxSession,
  SiwxSessionInfo,
  SiwxSignInErrorType,
  SiwxSignOutErrorType,
} from './types.js'
