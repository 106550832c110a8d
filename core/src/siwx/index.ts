export type { BrowserSiwxOptions } from './browser.js'
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
export type { SiwxBaseOptions } from './lazy.js'
export type { SiwxMessageOptions } from './message.js'
export type { ServerSiwx, ServerSiwxOptions, SiwxServerSession } from './server.js'
export { createServerSiwx } from './server.js'
export type {
  SiweConfig,
  SiweCreateMessageArgs,
  SiweSession,
  SiwxCacao,
  SiwxConfig,
  SiwxContext,
  SiwxMessage,
  SiwxMessageData,
  SiwxOptions,
  SiwxSession,
  SiwxSessionInfo,
} from './types.js'
