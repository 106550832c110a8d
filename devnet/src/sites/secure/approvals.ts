import { randomBytes } from 'node:crypto'
import { EMAIL_LOGIN_RULES } from '@portico/core/internal'
import type { OutgoingMail } from '../mail/mail.js'
import { sha256 } from './checks.js'

type DeviceApproval = {
  email: string
  deviceHash: string
  userAgent: string
  expiresAt: number
  approved: boolean
  /** The code was sent after approval: asking again does not send another. */
  codeSent: boolean
}

export type DeviceApprovalsOptions = {
  send(mail: OutgoingMail): Promise<void>
  /** Builds the device approval link from its token. */
  deviceLink(token: string): string
  now: () => number
}

const deviceKeyOf = (email: string, deviceHash: string) => `${email}\u0000${deviceHash}`

/**
 * The custody's device approvals: the links a new device's login mails, their state, and the
 * frames waiting for one to be approved.
 */
export function createDeviceApprovals(options: DeviceApprovalsOptions) {
  const { now } = options
  const approvals = new Map<string, DeviceApproval>()
  /** Latest approval token hash per `email\0deviceHash`. */
  const approvalByDevice = new Map<string, string>()
  const approvalWaiters = new Map<string, Set<() => void>>()

  function notifyApproval(key: string) {
    const waiters = approvalWaiters.get(key)
    approvalWaiters.delete(key)
    for (const wake of waiters ?? []) wake()
  }

  /** This device's latest link, when it has not expired. */
  function current(email: string, deviceHash: string) {
    const hash = approvalByDevice.get(deviceKeyOf(email, deviceHash))
    const approval = hash ? approvals.get(hash) : undefined
    return approval && now() < approval.expiresAt ? approval : undefined
  }

  function waitFor(deviceKey: string, timeoutMs: number, signal?: AbortSignal) {
    return new Promise<void>((resolve) => {
      const waiters = approvalWaiters.get(deviceKey) ?? new Set()
      approvalWaiters.set(deviceKey, waiters)
      const done = () => {
        clearTimeout(timer)
        waiters.delete(done)
        if (waiters.size === 0 && approvalWaiters.get(deviceKey) === waiters) {
          approvalWaiters.delete(deviceKey)
        }
        signal?.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, timeoutMs)
      waiters.add(done)
      signal?.addEventListener('abort', done, { once: true })
    })
  }

  return {
    /** A new link for this device (replacing an earlier one), mailed to the address. */
    async request(email: string, deviceHash: string, userAgent: string | undefined) {
      const token = randomBytes(24).toString('base64url')
      const tokenHash = sha256(token)
      const deviceKey = deviceKeyOf(email, deviceHash)
      const previous = approvalByDevice.get(deviceKey)
      if (previous) approvals.delete(previous)
      approvals.set(tokenHash, {
        email,
        deviceHash,
        userAgent: (userAgent ?? '').slice(0, 300),
        expiresAt: now() + EMAIL_LOGIN_RULES.deviceLinkTtlMs,
        approved: false,
        codeSent: false,
      })
      approvalByDevice.set(deviceKey, tokenHash)
      await options.send({
        to: email,
        subject: 'Approve sign-in from a new device',
        text: [
          'Someone is signing in to your Portico devnet wallet from a device this address has not used before.',
          '',
          `Browser: ${(userAgent ?? 'unknown').slice(0, 300)}`,
          '',
          'If it is you, open this link and approve the device:',
          options.deviceLink(token),
          '',
          `The link expires in ${EMAIL_LOGIN_RULES.deviceLinkTtlMs / 60_000} minutes. Then enter the code we send next.`,
        ].join('\n'),
      })
    },

    /** The approval page's view of a link: undefined when the token is unknown or expired. */
    describe(token: string): { email: string; userAgent: string; approved: boolean } | undefined {
      const approval = approvals.get(sha256(token))
      if (!approval || now() >= approval.expiresAt) return undefined
      return { email: approval.email, userAgent: approval.userAgent, approved: approval.approved }
    },

    /** The user confirmed the link: the waiting frame goes on to the code. */
    approve(token: string): { email: string } | undefined {
      const approval = approvals.get(sha256(token))
      if (!approval || now() >= approval.expiresAt) return undefined
      approval.approved = true
      notifyApproval(deviceKeyOf(approval.email, approval.deviceHash))
      return { email: approval.email }
    },

    current,

    /**
     * Waits until this device's current link is approved (at most `timeoutMs`; at once when
     * it already is), then answers the link as it is then, or undefined when it is gone.
     */
    async wait(email: string, deviceHash: string, timeoutMs: number, signal?: AbortSignal) {
      if (!current(email, deviceHash)?.approved) {
        await waitFor(deviceKeyOf(email, deviceHash), timeoutMs, signal)
      }
      return current(email, deviceHash)
    },

    /** Whether this device's latest link (expired or not) was approved. */
    isApproved(email: string, deviceHash: string): boolean {
      const approvalHash = approvalByDevice.get(deviceKeyOf(email, deviceHash))
      return approvalHash ? approvals.get(approvalHash)?.approved === true : false
    },

    /** The login is done: this device's link is gone. */
    forget(email: string, deviceHash: string) {
      const deviceKey = deviceKeyOf(email, deviceHash)
      const approvalHash = approvalByDevice.get(deviceKey)
      if (approvalHash) approvals.delete(approvalHash)
      approvalByDevice.delete(deviceKey)
    },

    /** Wakes every frame waiting for a device approval (the server is closing). */
    close() {
      for (const key of [...approvalWaiters.keys()]) notifyApproval(key)
    },
  }
}
