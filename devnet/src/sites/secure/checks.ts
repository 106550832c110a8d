import { createHash } from 'node:crypto'
import { FRAME_ERRORS, isValidEmail, normalizeEmail } from '@portico/core/internal'
import type { CodeCheck } from './codes.js'

// What the secure site checks in a request before custody acts on it, and how it refuses.

/** Thrown with the HTTP status and the message the frame shows. */
export class CustodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const DEVICE_ID = /^[0-9a-f]{64}$/

export function checkEmail(value: unknown): string {
  if (typeof value !== 'string' || !isValidEmail(value.trim())) {
    throw new CustodyError(400, FRAME_ERRORS.invalidEmail)
  }
  return normalizeEmail(value)
}

export function checkDevice(value: unknown): string {
  if (typeof value !== 'string' || !DEVICE_ID.test(value)) {
    throw new CustodyError(400, 'deviceId must be 64 lower-case hex characters')
  }
  return sha256(value)
}

export function checkCode(result: CodeCheck, none: string = FRAME_ERRORS.noLoginInProgress): void {
  if (result.ok) return
  switch (result.reason) {
    case 'none':
      throw new CustodyError(400, none)
    case 'expired':
      throw new CustodyError(400, FRAME_ERRORS.codeExpired)
    case 'too-many':
      throw new CustodyError(400, FRAME_ERRORS.tooManyAttempts)
    case 'invalid':
      throw new CustodyError(400, FRAME_ERRORS.invalidCode, { triesLeft: result.triesLeft })
  }
}
