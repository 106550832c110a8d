export { AUTH_CONNECTOR_ID, EMAIL_LOGIN_COOLDOWN_MS, LAST_EMAIL_LOGIN_KEY } from './constants.js'
export type { AuthFeature, AuthInternal } from './feature.js'
export { authFeature } from './feature.js'
export type {
  ApproveTransactionData,
  AuthOptions,
  AuthPreloadErrorType,
  AuthUser,
  EmailLoginErrorType,
  EmailLoginOutcome,
  EmailLoginState,
  EmailLoginStep,
  FrameApproval,
  FrameHost,
  FrameMessageEvent,
  FramePlacement,
  FrameRect,
  FrameState,
  FrameStatus,
  FrameWindow,
  MountedFrame,
  UpdateEmailErrorType,
  UpdateEmailState,
  UpdateEmailStep,
} from './types.js'
