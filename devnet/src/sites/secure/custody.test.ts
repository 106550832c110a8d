import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutgoingMail } from '../mail/mail.js'
import { createCustody, SESSION_TTL_MS } from './custody.js'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

const device = 'd'.repeat(64)

function setup() {
  const sent: OutgoingMail[] = []
  const funded: string[] = []
  const custody = createCustody({
    send: async (mail) => {
      sent.push(mail)
    },
    deviceLink: (token) => `http://secure.test/device?token=${token}`,
    fund: async (address) => {
      funded.push(address)
    },
  })
  const token = () => /token=(\S+)/.exec(sent.at(-1)?.text ?? '')?.[1] ?? ''
  const code = () => /Your code is (\d{6})/.exec(sent.at(-1)?.text ?? '')?.[1] ?? ''
  return { custody, sent, funded, token, code }
}

async function signedUp(email = 'a@example.com') {
  const s = setup()
  await s.custody.startLogin({ email, deviceId: device })
  s.custody.approveDevice(s.token())
  await s.custody.waitForDevice({ email, deviceId: device }, 25_000)
  const login = s.custody.verifyLogin({ email, deviceId: device, otp: s.code() })
  const privateKey = generatePrivateKey()
  await s.custody.escrowKey(login.sessionToken, privateKey)
  return { ...s, login, privateKey }
}

describe('custody', () => {
  it('waits 25 s for the device link, then says the device is not approved yet', async () => {
    const { custody } = setup()
    await custody.startLogin({ email: 'a@example.com', deviceId: device })
    const waiting = custody.waitForDevice({ email: 'a@example.com', deviceId: device }, 25_000)
    const outcome = waiting.then(
      () => 'approved',
      (error: Error) => error.message,
    )
    await vi.advanceTimersByTimeAsync(24_999)
    let settled = false
    void outcome.then(() => {
      settled = true
    })
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBe('Device not approved yet')
  })

  it('lets the waiting frame go on as soon as the link is approved, and sends the code once', async () => {
    const { custody, sent, token } = setup()
    await custody.startLogin({ email: 'a@example.com', deviceId: device })
    const link = token()
    const waiting = custody.waitForDevice({ email: 'a@example.com', deviceId: device }, 25_000)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(custody.approveDevice(link)).toEqual({ email: 'a@example.com' })
    expect(await waiting).toEqual({ action: 'VERIFY_OTP' })
    expect(sent.map((m) => m.subject)).toEqual([
      'Approve sign-in from a new device',
      expect.stringMatching(/^Your Portico devnet code: \d{6}$/),
    ])
    await custody.waitForDevice({ email: 'a@example.com', deviceId: device }, 25_000)
    expect(sent).toHaveLength(2)
  })

  it('voids a device link after 10 minutes, and an older link when a newer one is sent', async () => {
    const { custody, token } = setup()
    await custody.startLogin({ email: 'a@example.com', deviceId: device })
    const first = token()
    await vi.advanceTimersByTimeAsync(30_000)
    await custody.startLogin({ email: 'a@example.com', deviceId: device })
    const second = token()
    expect(custody.describeApproval(first)).toBeUndefined()
    expect(custody.describeApproval(second)).toMatchObject({ email: 'a@example.com' })
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(custody.approveDevice(second)).toBeUndefined()
  })

  it('escrows the key, funds the address, and releases the key only with a verified code', async () => {
    const { custody, funded, login, privateKey, code } = await signedUp()
    const address = privateKeyToAddress(privateKey)
    expect(funded).toEqual([address])
    expect(login.privateKey).toBeNull()
    expect(custody.currentUser(login.sessionToken)).toEqual({
      user: { email: 'a@example.com', address },
    })
    await vi.advanceTimersByTimeAsync(30_000)
    await custody.startLogin({ email: 'a@example.com', deviceId: device })
    expect(() =>
      custody.verifyLogin({ email: 'a@example.com', deviceId: device, otp: 'nope' }),
    ).toThrow('Invalid code')
    expect(
      custody.verifyLogin({ email: 'a@example.com', deviceId: device, otp: code() }),
    ).toMatchObject({
      privateKey,
      user: { address },
    })
  })

  it('ends a session after 7 days', async () => {
    const { custody, login } = await signedUp()
    expect(SESSION_TTL_MS).toBe(7 * 24 * 60 * 60_000)
    await vi.advanceTimersByTimeAsync(SESSION_TTL_MS - 1)
    expect(custody.currentUser(login.sessionToken).user.email).toBe('a@example.com')
    await vi.advanceTimersByTimeAsync(1)
    expect(() => custody.currentUser(login.sessionToken)).toThrow('Not signed in')
  })

  it('refuses a key that is not a secp256k1 private key', async () => {
    const { custody, token, code } = setup()
    await custody.startLogin({ email: 'b@example.com', deviceId: device })
    custody.approveDevice(token())
    await custody.waitForDevice({ email: 'b@example.com', deviceId: device }, 25_000)
    const { sessionToken } = custody.verifyLogin({
      email: 'b@example.com',
      deviceId: device,
      otp: code(),
    })
    await expect(custody.escrowKey(sessionToken, '0x1234')).rejects.toThrow('32 bytes of hex')
    await expect(custody.escrowKey(sessionToken, `0x${'0'.repeat(64)}`)).rejects.toThrow(
      'not a valid secp256k1 key',
    )
    await expect(custody.escrowKey(sessionToken, `0x${'f'.repeat(64)}`)).rejects.toThrow(
      'not a valid secp256k1 key',
    )
  })
})
