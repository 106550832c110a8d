export type { AuthenticateBody, Cacao, CacaoPayload } from './body.js'
export {
  BASE_PATH,
  COOKIE_NAME,
  ISSUED_AT_MAX_SKEW_MS,
  NONCE_TTL_MS,
  SESSION_TTL_MS,
} from './constants.js'
export {
  createSiwxServer,
  type SiwxServer,
  type SiwxServerOptions,
  type VerifiedRequest,
} from './handler.js'
export { type CookieOptions, SiwxError } from './headers.js'
export {
  caipNetworkIdOf,
  formatSignInMessage,
  parseSignInMessage,
  SIGN_IN_NAMESPACES,
  type SignInMessage,
  SignInMessageError,
  type SignInNamespace,
} from './message.js'
export {
  createSiwx,
  type SignInResult,
  type Siwx,
  type SiwxChain,
  type SiwxCoreOptions,
} from './siwx.js'
export { createMemoryStore, type NonceTake, type SiwxStore } from './store.js'
export type { SiwxSession } from './tokens.js'
