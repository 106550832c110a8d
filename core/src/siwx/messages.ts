import { SIWX_LOAD_FAILED } from './constants.js'
import { SIWX_DECLINED } from './signing.js'

/**
 * What sign-in asks the UI to say, in one table for the SDK's other packages and tests. The SDK
 * itself takes each from the part that uses it (the shell, or the code loaded on use), so that
 * nothing the page loads first is imported by that code too.
 */
export const SIWX_MESSAGES = {
  /** The wallet refused to sign: the catalogue's 'Signature declined'. */
  declined: SIWX_DECLINED,
  /** The sign-in code could not be downloaded (offline, a deploy in between). */
  loadFailed: SIWX_LOAD_FAILED,
} as const
