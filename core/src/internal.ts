/**
 * @portico/core/internal: what Portico's own packages use beyond the public API: the secure frame's
 * protocol, which the devnet's secure site speaks from the other side (imported, never copied).
 * Not covered by semantic versioning: anything here may change in any release.
 */
export type {
  AppEventName,
  AppPayloads,
  FramedUser,
  FrameErrorPayload,
  FrameMessage,
  SuccessPayloads,
} from './auth/protocol.js'
export {
  cooldownMessage,
  EMAIL_LOGIN_RULES,
  FRAME_ERRORS,
  FRAME_TIMINGS,
  frameError,
  frameNotice,
  frameSuccess,
  isValidEmail,
  normalizeEmail,
  parseAppMessage,
  parseChainId,
  RPC_ERROR_CODES,
  rpcMethodClass,
  SECURE_FRAME_PATH,
  SECURE_SDK_VERSION,
} from './auth/protocol.js'
