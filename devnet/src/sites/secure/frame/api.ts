// The frame's calls to its own site's JSON API (same origin; the server refuses other origins).

import type { Hex } from 'viem'

export type PublicUser = { email: string; address: `0x${string}` | null }

/** An answer the frame passes on to the app as `{ message, data }`. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message)
  }
}

async function call<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    credentials: 'omit',
    cache: 'no-store',
  })
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) {
    const { error, ...details } = payload
    throw new ApiFailure(
      response.status,
      typeof error === 'string' ? error : `HTTP ${response.status}`,
      details,
    )
  }
  return payload as T
}

export const siteApi = {
  startLogin: (email: string, deviceId: string) =>
    call<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }>('POST', '/api/login/email', {
      email,
      deviceId,
    }),
  waitForDevice: (email: string, deviceId: string) =>
    call<{ action: 'VERIFY_OTP' }>('POST', '/api/login/device', { email, deviceId }),
  verifyLogin: (email: string, deviceId: string, otp: string) =>
    call<{ sessionToken: string; user: PublicUser; privateKey: Hex | null }>(
      'POST',
      '/api/login/otp',
      { email, deviceId, otp },
    ),
  escrowKey: (token: string, privateKey: Hex) =>
    call<{ user: PublicUser }>('POST', '/api/account/key', { privateKey }, token),
  session: (token: string) => call<{ user: PublicUser }>('GET', '/api/session', undefined, token),
  signOut: (token: string) =>
    call<Record<string, never>>('DELETE', '/api/session', undefined, token),
  startEmailUpdate: (token: string, email: string) =>
    call<{ action: 'VERIFY_PRIMARY_OTP' }>('POST', '/api/email/update', { email }, token),
  confirmPrimary: (token: string, otp: string) =>
    call<{ action: 'VERIFY_SECONDARY_OTP' }>('POST', '/api/email/update/primary', { otp }, token),
  confirmSecondary: (token: string, otp: string) =>
    call<{ email: string }>('POST', '/api/email/update/secondary', { otp }, token),
}
