/**
 * @portico/core/test-seams: the seams Portico's own tests use beyond the public API (building a client
 * from chosen features, loading a feature's code up front, the catalogues texts are checked
 * against). For tests only: not covered by semantic versioning, never imported by shipped code.
 */
export type { AdapterLoaders } from './adapters/index.js'
export type { FrameHost, FrameMessageEvent, MountedFrame } from './auth/index.js'
export { authFeature } from './auth/index.js'
export type { FrameNotice } from './auth/protocol.js'
export {
  APP_EVENTS,
  appMessage,
  NOTICES,
  PROTOCOL_CHANNEL,
  parseFrameMessage,
  SAFE_RPC_METHODS,
  UNSAFE_RPC_METHODS,
} from './auth/protocol.js'
export { FEATURES } from './client/index.js'
export { connectionFeature } from './connection/index.js'
export { alertCatalogue, EXTRA_ERROR_CODES, thrownErrors } from './errors/index.js'
export { buildClient, loadFeatureCode } from './kernel/index.js'
export { NAME_RULE_MESSAGE } from './names/index.js'
export { ONRAMP_MESSAGES } from './onramp/validation.js'
export { SEND_MESSAGES } from './send/validation.js'
export { SWAP_LOAD_FAILED } from './swap/index.js'
export {
  SWAP_MESSAGES,
  SWAP_TOAST_APPROVED,
  SWAP_TOAST_DECLINED,
  SWAP_TOAST_SWAPPED,
} from './swap/messages.js'
