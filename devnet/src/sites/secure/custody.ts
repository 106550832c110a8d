import { randomBytes, randomUUID } from 'node:crypto'
import { FRAME_ERRORS } from '@portico/core/internal'
import type { Address, Hex } from 'viem'
import type { OutgoingMail } from '../mail/mail.js'
import { createDeviceApprovals } from './approvals.js'
import {
  CustodyError,
  checkCode,
  checkDevice,
  checkEmail,
  checkPrivateKey,
  sha256,
} from './checks.js'
import { createCodeMailer } from './codeMail.js'
import { createCodeStore } from './codes.js'
import { createCooldown } from './cooldown.js'
import { createKeyEscrow, type Escrow } from './escrow.js'

export { CustodyError } from './checks.js'

/** How long a signed-in session lasts without a new code. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000

/** What the server tells the frame about a user (the frame adds the chain and account fields). */
export type PublicUser = { email: string; address: Address | null }

type UserRecord = {
  id: string
  email: string
  address: Address | null
  /** The user's private key, encrypted under the server secret with the user id as AAD. */
  escrow: Escrow | null
  /** SHA-256 of the device ids that completed a login. */
  devices: Set<string>
}

type Session = { userId: string; expiresAt: number }

type EmailUpdate = { userId: string; from: string; to: string; step: 'primary' | 'secondary' }

export type CustodyOptions = {
  send(mail: OutgoingMail): Promise<void>
  /** Builds the device approval link from its token. */
  deviceLink(token: string): string
  /** Funds a new embedded account; failures are logged, the login goes on. */
  fund?(address: Address): Promise<void>
  now?: () => number
  log?: (line: string) => void
}

/**
 * The secure site's custody model, server side: who the users are (by email), which devices
 * they approved, their sessions, and their private key escrowed under a secret that lives only in
 * this process (AES-256-GCM). The key is released to the frame only in the answer to a verified
 * code, which is how a new browser gets the same address. Everything is kept in memory, like
 * the chains themselves: stopping the devnet forgets it.
 */
export function createCustody(options: CustodyOptions) {
  const now = options.now ?? Date.now
  const escrow = createKeyEscrow()
  const codes = createCodeStore({ now })
  const cooldown = createCooldown({ now })
  const sendCode = createCodeMailer(codes, options.send)
  const users = new Map<string, UserRecord>()
  const idByEmail = new Map<string, string>()
  const sessions = new Map<string, Session>()
  const devices = createDeviceApprovals({ send: options.send, deviceLink: options.deviceLink, now })
  const updates = new Map<string, EmailUpdate>()

  const userByEmail = (email: string) => {
    const id = idByEmail.get(email)
    return id ? users.get(id) : undefined
  }
  const publicUser = (user: UserRecord): PublicUser => ({
    email: user.email,
    address: user.address,
  })

  function takeCooldown(key: string) {
    const slot = cooldown.take(key)
    if (!slot.ok) {
      throw new CustodyError(429, slot.message, { retryAfterMs: slot.remainingMs })
    }
  }

  function session(token: unknown): { token: string; user: UserRecord } {
    if (typeof token !== 'string' || token.length === 0) {
      throw new CustodyError(401, FRAME_ERRORS.notSignedIn)
    }
    const hash = sha256(token)
    const found = sessions.get(hash)
    const user = found ? users.get(found.userId) : undefined
    if (!found || !user || now() >= found.expiresAt) {
      sessions.delete(hash)
      throw new CustodyError(401, FRAME_ERRORS.notSignedIn)
    }
    return { token: hash, user }
  }

  return {
    /**
     * Starts an email login. A device the user already approved gets the code at once
     * (VERIFY_OTP); a new device, or a new user, first gets a link to approve it (VERIFY_DEVICE).
     */
    async startLogin(input: {
      email: unknown
      deviceId: unknown
      userAgent?: string
    }): Promise<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }> {
      const email = checkEmail(input.email)
      const deviceHash = checkDevice(input.deviceId)
      takeCooldown(`login\u0000${email}`)
      const user = userByEmail(email)
      if (user?.devices.has(deviceHash)) {
        await sendCode(email, email, 'login')
        return { action: 'VERIFY_OTP' }
      }
      await devices.request(email, deviceHash, input.userAgent)
      return { action: 'VERIFY_DEVICE' }
    },

    /** The approval page's view of a link: undefined when the token is unknown or expired. */
    describeApproval(
      token: string,
    ): { email: string; userAgent: string; approved: boolean } | undefined {
      return devices.describe(token)
    },

    /** The user confirmed the link: the waiting frame goes on to the code. */
    approveDevice(token: string): { email: string } | undefined {
      return devices.approve(token)
    },

    /**
     * Waits until this device's link is approved (at most `timeoutMs`), then sends the code.
     * Answers at once when it already was. 408 'Device not approved yet' after the wait.
     */
    async waitForDevice(
      input: { email: unknown; deviceId: unknown },
      timeoutMs: number,
      signal?: AbortSignal,
    ): Promise<{ action: 'VERIFY_OTP' }> {
      const email = checkEmail(input.email)
      const deviceHash = checkDevice(input.deviceId)
      if (!devices.current(email, deviceHash)) {
        throw new CustodyError(400, FRAME_ERRORS.noLoginInProgress)
      }
      const approval = await devices.wait(email, deviceHash, timeoutMs, signal)
      if (!approval?.approved) throw new CustodyError(408, FRAME_ERRORS.deviceNotApproved)
      if (!approval.codeSent) {
        approval.codeSent = true
        await sendCode(email, email, 'login')
      }
      return { action: 'VERIFY_OTP' }
    },

    /**
     * Checks the login code. On success the device is remembered, a session starts and the
     * escrowed key (if the user has one yet) is in the answer.
     */
    verifyLogin(input: { email: unknown; deviceId: unknown; otp: unknown }): {
      sessionToken: string
      user: PublicUser
      privateKey: Hex | null
    } {
      const email = checkEmail(input.email)
      const deviceHash = checkDevice(input.deviceId)
      const otp = typeof input.otp === 'string' ? input.otp : ''
      const existing = userByEmail(email)
      const approved = devices.isApproved(email, deviceHash)
      if (!existing?.devices.has(deviceHash) && !approved) {
        throw new CustodyError(403, FRAME_ERRORS.deviceNotApproved)
      }
      checkCode(codes.check(email, 'login', otp))

      let user = existing
      if (!user) {
        user = { id: randomUUID(), email, address: null, escrow: null, devices: new Set() }
        users.set(user.id, user)
        idByEmail.set(email, user.id)
      }
      user.devices.add(deviceHash)
      devices.forget(email, deviceHash)
      cooldown.clear(`login\u0000${email}`)

      const sessionToken = randomBytes(32).toString('base64url')
      sessions.set(sha256(sessionToken), { userId: user.id, expiresAt: now() + SESSION_TTL_MS })
      return {
        sessionToken,
        user: publicUser(user),
        privateKey: user.escrow ? escrow.unseal(user.id, user.escrow) : null,
      }
    },

    /**
     * A new user's frame generated its key and hands it over for escrow, once. The new address
     * is funded before the answer, so it can send at once.
     */
    async escrowKey(token: unknown, privateKey: unknown): Promise<{ user: PublicUser }> {
      const { user } = session(token)
      if (user.escrow) throw new CustodyError(409, 'This account already has a key')
      const key = checkPrivateKey(privateKey)
      const address = key.address
      user.escrow = escrow.seal(user.id, key.privateKey)
      user.address = address
      try {
        await options.fund?.(address)
      } catch (error) {
        options.log?.(`funding ${address} failed: ${String(error)}`)
      }
      return { user: publicUser(user) }
    },

    currentUser(token: unknown): { user: PublicUser } {
      return { user: publicUser(session(token).user) }
    },

    signOut(token: unknown): void {
      try {
        sessions.delete(session(token).token)
      } catch {
        // Signing out of a session that is already gone is fine.
      }
    },

    /** Step 1: a code to the current address, to prove the owner asks. */
    async startEmailUpdate(token: unknown, newEmail: unknown) {
      const { user } = session(token)
      const to = checkEmail(newEmail)
      if (to === user.email) throw new CustodyError(400, FRAME_ERRORS.sameEmail)
      if (userByEmail(to)) throw new CustodyError(409, FRAME_ERRORS.emailInUse)
      takeCooldown(`update\u0000${user.id}`)
      updates.set(user.id, { userId: user.id, from: user.email, to, step: 'primary' })
      await sendCode(user.email, `${user.id}\u0000${user.email}`, 'update-primary')
      return { action: 'VERIFY_PRIMARY_OTP' as const }
    },

    /** Step 2: the current address's code is right; a code goes to the new address. */
    async confirmEmailUpdatePrimary(token: unknown, otp: unknown) {
      const { user } = session(token)
      const update = updates.get(user.id)
      if (update?.step !== 'primary') {
        throw new CustodyError(400, FRAME_ERRORS.noUpdateInProgress)
      }
      checkCode(
        codes.check(`${user.id}\u0000${update.from}`, 'update-primary', String(otp)),
        FRAME_ERRORS.noUpdateInProgress,
      )
      update.step = 'secondary'
      await sendCode(update.to, `${user.id}\u0000${update.to}`, 'update-secondary')
      return { action: 'VERIFY_SECONDARY_OTP' as const }
    },

    /** Step 3: the new address's code is right; the user is now known by it. */
    confirmEmailUpdateSecondary(token: unknown, otp: unknown) {
      const { user } = session(token)
      const update = updates.get(user.id)
      if (update?.step !== 'secondary') {
        throw new CustodyError(400, FRAME_ERRORS.noUpdateInProgress)
      }
      checkCode(
        codes.check(`${user.id}\u0000${update.to}`, 'update-secondary', String(otp)),
        FRAME_ERRORS.noUpdateInProgress,
      )
      if (userByEmail(update.to)) {
        updates.delete(user.id)
        throw new CustodyError(409, FRAME_ERRORS.emailInUse)
      }
      idByEmail.delete(user.email)
      user.email = update.to
      idByEmail.set(update.to, user.id)
      updates.delete(user.id)
      cooldown.clear(`update\u0000${user.id}`)
      return { email: user.email }
    },

    /** Wakes every frame waiting for a device approval (the server is closing). */
    close() {
      devices.close()
    },
  }
}

export type Custody = ReturnType<typeof createCustody>
