export { createBrowserSiwx } from './browser.js'
export {
  DEFAULT_SESSION_DURATION_MS,
  PREPARED_MESSAGE_MAX_AGE_MS,
  SIGN_MESSAGE_TIMEOUT_MS,
  SIWX_MESSAGES,
  SIWX_SERVER_TIMEOUT_MS,
  SIWX_STORAGE_KEYS,
} from './constants.js'
export type { SiwxFeature, SiwxInternal } from './feature.js'
export { siwxFeature } from './feature.js'
export type { SiwxPreparedMessage } from './flow.js'
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
  SiwxServerSession,
  SiwxSession,
  SiwxSessionInfo,
} from './types.js'
