export { AUTH_CONNECTOR_ID, EMAIL_LOGIN_COOLDOWN_MS, LAST_EMAIL_LOGIN_KEY } from './constants.js'
export type { AuthFeature, AuthInternal } from './feature.js'
export { authFeature } from './feature.js'
export type {
  FrameHost,
  FrameMessageEvent,
  FramePlacement,
  FrameWindow,
  MountedFrame,
} from './frame.js'
export type { EmailLoginOutcome } from './runtime.js'
export type {
  ApproveTransactionData,
  AuthOptions,
  AuthUser,
  EmailLoginState,
  EmailLoginStep,
  FrameApproval,
  FrameRect,
  FrameState,
  FrameStatus,
  UpdateEmailState,
  UpdateEmailStep,
} from './types.js'
