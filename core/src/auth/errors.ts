import type { PorticoError } from '../errors/index.js'
import type { Kit } from '../kitType.js'
import type { Message } from '../messages/types.js'
import { FrameAnswerError } from './frame.js'
import { EMAIL_LOGIN_RULES, FRAME_ERRORS } from './protocol.js'

/** The frame's own error texts, as message keys the UI renders in the user's language. */
const FRAME_ERROR_KEYS: Record<string, string> = {
  [FRAME_ERRORS.invalidCode]: 'auth.error.invalidCode',
  [FRAME_ERRORS.codeExpired]: 'auth.error.codeExpired',
  [FRAME_ERRORS.tooManyAttempts]: 'auth.error.tooManyAttempts',
  [FRAME_ERRORS.deviceNotApproved]: 'auth.error.deviceNotApproved',
  [FRAME_ERRORS.noLoginInProgress]: 'auth.error.noLogin',
  [FRAME_ERRORS.noUpdateInProgress]: 'auth.error.noLogin',
  [FRAME_ERRORS.emailInUse]: 'auth.error.emailInUse',
  [FRAME_ERRORS.sameEmail]: 'auth.error.sameEmail',
  [FRAME_ERRORS.notSignedIn]: 'auth.error.notSignedIn',
  [FRAME_ERRORS.invalidEmail]: 'auth.invalidEmail',
}

const COOLDOWN_TEXT = /^Please try again after (\d+) seconds$/

/** The seconds of 'Please try again after N seconds': the remaining wait, rounded up. */
export function cooldownSeconds(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / 1_000))
}

export type AuthErrors = ReturnType<typeof createAuthErrors>

/**
 * How the email login's failures read: a refused input by its message key, the 30 s between
 * login mails, and the frame's answers in the user's language. `waitFrom` learns the wait the
 * secure site asked for (it holds across browsers), as the time its 30 s started.
 */
export function createAuthErrors(
  { PorticoError, toPorticoError }: Pick<Kit, 'PorticoError' | 'toPorticoError'>,
  { now, waitFrom }: { now(): number; waitFrom(start: number): void },
) {
  /** A refused input, rendered for the user by its message key. */
  const invalid = (message: Message, text: string): PorticoError =>
    new PorticoError('INVALID_INPUT', text, { details: { message } })

  return {
    invalid,
    /** An attempt a later one replaced (the user went back, or started again). */
    replaced: () =>
      new PorticoError('ABORTED', 'A later email login replaced this one', {
        details: { reason: 'replaced' },
      }),
    cooldownError(remainingMs: number): PorticoError {
      const seconds = cooldownSeconds(remainingMs)
      return invalid(
        { key: 'auth.cooldown', params: { seconds } },
        `Please try again after ${seconds} seconds`,
      )
    },
    /** The frame's error as a PorticoError whose message the UI renders in the user's language. */
    authError(error: unknown): PorticoError {
      if (!(error instanceof FrameAnswerError)) return toPorticoError(error)
      const { message, data } = error.payload
      const details =
        typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
      const cooldown = COOLDOWN_TEXT.exec(message)
      let shown: Message
      if (cooldown) {
        const seconds = Number(cooldown[1])
        // The server's cooldown holds across browsers: follow it here too.
        const retryAfterMs =
          typeof details.retryAfterMs === 'number' ? details.retryAfterMs : seconds * 1_000
        waitFrom(now() - EMAIL_LOGIN_RULES.cooldownMs + retryAfterMs)
        shown = { key: 'auth.cooldown', params: { seconds } }
      } else if (message === FRAME_ERRORS.invalidCode && typeof details.triesLeft === 'number') {
        shown = { key: 'auth.error.invalidCodeTries', params: { count: details.triesLeft } }
      } else {
        shown = { key: FRAME_ERROR_KEYS[message] ?? 'auth.error.default' }
      }
      return new PorticoError('WALLET_ERROR', message, {
        cause: error,
        details: { message: shown },
      })
    },
  }
}
