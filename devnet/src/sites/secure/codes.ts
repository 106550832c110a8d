import { randomInt, timingSafeEqual } from 'node:crypto'
import { EMAIL_LOGIN_RULES } from '@portico/core/internal'

/** What a code is for: one address can have one live code per purpose. */
export type CodePurpose = 'login' | 'update-primary' | 'update-secondary'

export type CodeCheck =
  | { ok: true }
  | { ok: false; reason: 'none' | 'expired' | 'too-many' }
  | { ok: false; reason: 'invalid'; triesLeft: number }

type LiveCode = { code: string; expiresAt: number; triesLeft: number }

export type CodeStoreOptions = {
  ttlMs?: number
  maxTries?: number
  /** Milliseconds since the epoch; `Date.now` by default (faked in tests). */
  now?: () => number
  /** A code of `length` digits; `crypto.randomInt` by default. */
  generate?: (length: number) => string
}

/**
 * One-time codes: 6 digits, valid for 5 minutes, 3 wrong tries. Issuing a new code for the same
 * address and purpose replaces the old one; a code is spent by its first right answer. A wrong
 * answer on the last try voids the code, so guessing costs a new login (and its cooldown).
 */
export function createCodeStore(options: CodeStoreOptions = {}) {
  const ttlMs = options.ttlMs ?? EMAIL_LOGIN_RULES.otpTtlMs
  const maxTries = options.maxTries ?? EMAIL_LOGIN_RULES.otpMaxTries
  const now = options.now ?? Date.now
  const generate =
    options.generate ??
    ((length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0'))
  const codes = new Map<string, LiveCode>()
  const key = (address: string, purpose: CodePurpose) => `${purpose}\u0000${address}`

  return {
    issue(address: string, purpose: CodePurpose): { code: string; expiresAt: number } {
      const code = generate(EMAIL_LOGIN_RULES.otpLength)
      const expiresAt = now() + ttlMs
      codes.set(key(address, purpose), { code, expiresAt, triesLeft: maxTries })
      return { code, expiresAt }
    },

    check(address: string, purpose: CodePurpose, answer: string): CodeCheck {
      const k = key(address, purpose)
      const live = codes.get(k)
      if (!live) return { ok: false, reason: 'none' }
      if (now() >= live.expiresAt) {
        codes.delete(k)
        return { ok: false, reason: 'expired' }
      }
      if (equal(live.code, answer)) {
        codes.delete(k)
        return { ok: true }
      }
      live.triesLeft -= 1
      if (live.triesLeft <= 0) {
        codes.delete(k)
        return { ok: false, reason: 'too-many' }
      }
      return { ok: false, reason: 'invalid', triesLeft: live.triesLeft }
    },

    /** Forgets an address's code (e.g. after its owner changed address). */
    revoke(address: string, purpose: CodePurpose) {
      codes.delete(key(address, purpose))
    },
  }
}

// Compared in constant time, so the answer's timing says nothing about how many digits match.
function equal(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
