import { createHash } from 'node:crypto'
import { FRAME_ERRORS, isValidEmail, normalizeEmail } from '@portico/core/internal'
import { type Address, type Hex, isHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
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

/** A 32-byte hex private key, lower-cased, and its address. */
export function checkPrivateKey(value: unknown): { privateKey: Hex; address: Address } {
  if (typeof value !== 'string' || !isHex(value) || value.length !== 66) {
    throw new CustodyError(400, 'privateKey must be 32 bytes of hex')
  }
  const privateKey = value.toLowerCase() as Hex
  try {
    return { privateKey, address: privateKeyToAddress(privateKey) }
  } catch {
    throw new CustodyError(400, 'privateKey is not a valid secp256k1 key')
  }
}
