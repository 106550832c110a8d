import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isPorticoError } from '../errors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { type AuthSetupOptions, rejection, settle, setupAuth } from '../test-utils/auth.js'
import { TEST_NETWORKS } from '../test-utils/client.js'
import {
  EMBEDDED_ADDRESS,
  FakeFrameError,
  frameFailure,
  GOOD_CODE,
  SECURE_ORIGIN,
} from '../test-utils/secureFrame.js'
import { AUTH_CONNECTOR_ID, EMAIL_LOGIN_COOLDOWN_MS } from './index.js'
import { EMAIL_LOGIN_RULES, isValidEmail } from './protocol.js'

const START = 1_700_000_000_000
const cleanups: (() => void)[] = []

beforeEach(() => {
  vi.useFakeTimers({
    now: START,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  })
})
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
})

const setup = (options?: AuthSetupOptions) => setupAuth(cleanups, options)

describe('the auth connector', () => {
  it('is listed as an AUTH connector, and nothing loads before the user picks email', async () => {
    const { client, frame } = setup()
    const connector = client.connectors.get(AUTH_CONNECTOR_ID)
    expect(connector).toMatchObject({ id: 'auth', name: 'Email', type: 'AUTH', chain: 'eip155' })
    await settle()
    expect(frame.mounts).toEqual([])
    expect(client.auth.$frame.get()).toEqual({ status: 'idle', approval: undefined })
  })

  it('is not offered when the app turned email off', () => {
    const { client } = setup({ options: { features: { email: false } } })
    expect(client.connectors.get(AUTH_CONNECTOR_ID)).toBeUndefined()
  })
})

describe('email login with a one-time code', () => {
  it('loads the frame with the project, the chain, version 4 and the logger flag', async () => {
    const { client, frame } = setup({ options: { enableAuthLogger: true } })
    await client.auth.connectEmail('ada@example.com')
    expect(frame.mounts).toEqual([
      `${SECURE_ORIGIN}/sdk?projectId=project-1&chainId=31337&version=4&enableLogger=true`,
    ])
    // Every message is posted to the secure site's exact origin, never '*'.
    expect(new Set(frame.posts.map((p) => p.targetOrigin))).toEqual(new Set([SECURE_ORIGIN]))
    expect(frame.refused).toEqual([])
  })

  it('loads the frame on the selected network, without the logger by default', async () => {
    const { client, frame } = setup()
    await client.connection.switchNetwork(TEST_NETWORKS[1])
    await client.auth.preload()
    expect(frame.mounts).toEqual([
      `${SECURE_ORIGIN}/sdk?projectId=project-1&chainId=31338&version=4&enableLogger=false`,
    ])
    expect(client.auth.$frame.get().status).toBe('ready')
  })

  it('Continue → the code → connected with the embedded wallet', async () => {
    const { client, frame } = setup()
    expect(await client.auth.connectEmail('  Ada@Example.com ')).toBe('otp')
    expect(frame.events('CONNECT_EMAIL')).toEqual([{ email: 'Ada@Example.com' }])
    expect(client.auth.$login.get()).toMatchObject({
      status: 'idle',
      step: 'otp',
      email: 'Ada@Example.com',
      resendAt: START + 30_000,
      isPending: false,
    })
    const connected = await client.auth.verifyOtp(` ${GOOD_CODE} `)
    expect(frame.events('CONNECT_OTP')).toEqual([{ otp: GOOD_CODE }])
    expect(connected.address).toBe(EMBEDDED_ADDRESS)
    expect(connected.connector.type).toBe('AUTH')
    expect(client.connection.$address.get()).toBe(EMBEDDED_ADDRESS)
    expect(client.connection.$connection.get()).toMatchObject({
      status: 'connected',
      chainId: 'eip155:31337',
      connectorId: 'auth',
    })
    expect(client.auth.$user.get()).toMatchObject({
      email: 'ada@example.com',
      address: EMBEDDED_ADDRESS,
    })
    expect(client.auth.$login.get()).toMatchObject({ status: 'success', data: connected })
  })

  it("shows 'Authenticating...' while the code is checked", async () => {
    const { client, frame } = setup()
    await client.auth.connectEmail('ada@example.com')
    frame.handlers.CONNECT_OTP = () => 'never'
    void client.auth.verifyOtp(GOOD_CODE).catch(() => undefined)
    await settle()
    expect(client.toast.$toast.get()).toMatchObject({
      open: true,
      variant: 'loading',
      message: { key: 'auth.authenticating' },
    })
    expect(client.auth.$login.get()).toMatchObject({ status: 'pending', isPending: true })
  })

  it('closes the modal once connected from the code view', async () => {
    const { client } = setup()
    client.modal.open()
    await client.auth.connectEmail('ada@example.com')
    client.modal.push('EmailVerifyOtp')
    await client.auth.verifyOtp(GOOD_CODE)
    expect(client.modal.$open.get()).toBe(false)
  })

  it('refuses a malformed address before anything loads', async () => {
    const { client, frame } = setup()
    for (const email of ['', 'ada', 'ada@example', 'ada@@example.com', 'a b@example.com']) {
      const error = await rejection(client.auth.connectEmail(email))
      expect(error.code).toBe('INVALID_INPUT')
      expect(error.message).toBe('Invalid email')
      expect(error.details?.message).toEqual({ key: 'auth.invalidEmail' })
    }
    expect(await rejection(client.auth.connectEmail(42 as never))).toMatchObject({
      code: 'INVALID_INPUT',
    })
    expect(frame.mounts).toEqual([])
  })

  it('checks every address with the protocol rule: the frame only ever gets valid ones (property)', async () => {
    const { client, frame } = setup()
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (text) => {
        const outcome = await client.auth.connectEmail(text).then(
          () => 'sent',
          (e: unknown) => (isPorticoError(e) ? e.code : 'other'),
        )
        if (isValidEmail(text.trim())) expect(['sent', 'INVALID_INPUT']).toContain(outcome)
        else expect(outcome).toBe('INVALID_INPUT')
        vi.setSystemTime(Date.now() + 30_000)
      }),
      { numRuns: 1_000 },
    )
    for (const { email } of frame.events('CONNECT_EMAIL')) expect(isValidEmail(email)).toBe(true)
  })

  it('refuses a code that is not 6 digits without asking the frame', async () => {
    const { client, frame } = setup()
    await client.auth.connectEmail('ada@example.com')
    for (const otp of ['12345', '1234567', 'abcdef', '12 456', '']) {
      const error = await rejection(client.auth.verifyOtp(otp))
      expect(error.message).toBe('The code is 6 digits')
      expect(error.details?.message).toEqual({ key: 'auth.invalidOtp' })
    }
    expect(frame.events('CONNECT_OTP')).toEqual([])
  })

  it('refuses a code when no login waits for one', async () => {
    const { client, frame } = setup()
    const error = await rejection(client.auth.verifyOtp(GOOD_CODE))
    expect(error.message).toBe('No email login waits for a code')
    expect(error.details?.message).toEqual({ key: 'auth.error.noLogin' })
    expect(frame.events('CONNECT_OTP')).toEqual([])
  })

  it('says how many tries are left after a wrong code, and connects with the right one', async () => {
    const { client } = setup()
    await client.auth.connectEmail('ada@example.com')
    const error = await rejection(client.auth.verifyOtp('000000'))
    expect(error.message).toBe('Invalid code')
    expect(error.details?.message).toEqual({
      key: 'auth.error.invalidCodeTries',
      params: { count: 2 },
    })
    expect(client.auth.$login.get()).toMatchObject({ status: 'error', step: 'otp', error })
    await client.auth.verifyOtp(GOOD_CODE)
    expect(client.connection.$status.get()).toBe('connected')
  })

  it('renders the frame errors it knows by key, and any other as the default frame error', async () => {
    const { client, frame } = setup()
    await client.auth.connectEmail('ada@example.com')
    const cases: [string, unknown, unknown][] = [
      ['Code expired', undefined, { key: 'auth.error.codeExpired' }],
      ['Too many attempts: request a new code', undefined, { key: 'auth.error.tooManyAttempts' }],
      ['Invalid code', undefined, { key: 'auth.error.invalidCode' }],
      ['No email login in progress', undefined, { key: 'auth.error.noLogin' }],
      ['No email update in progress', undefined, { key: 'auth.error.noLogin' }],
      ['Device not approved yet', undefined, { key: 'auth.error.deviceNotApproved' }],
      ['Email already in use', undefined, { key: 'auth.error.emailInUse' }],
      ['This is already your email', undefined, { key: 'auth.error.sameEmail' }],
      ['Not signed in', undefined, { key: 'auth.error.notSignedIn' }],
      ['Invalid email', undefined, { key: 'auth.invalidEmail' }],
      ['Something unexpected', undefined, { key: 'auth.error.default' }],
    ]
    for (const [message, data, expected] of cases) {
      frame.handlers.CONNECT_OTP = () => {
        throw frameFailure(message, undefined, data)
      }
      const error = await rejection(client.auth.verifyOtp(GOOD_CODE))
      expect(error.details?.message).toEqual(expected)
    }
  })

  it('connects at once when the frame is already signed in as this address', async () => {
    const { client, frame } = setup({ signedIn: true })
    expect(await client.auth.connectEmail('ADA@example.com')).toBe('connected')
    expect(frame.events('GET_USER')).toHaveLength(1)
    expect(frame.events('CONNECT_OTP')).toEqual([])
    expect(client.connection.$address.get()).toBe(EMBEDDED_ADDRESS)
    expect(client.auth.$login.get().status).toBe('success')
  })

  it('a login replaced by another changes nothing when its answer comes late', async () => {
    const { client, frame } = setup()
    let answer: (value: { action: 'VERIFY_OTP' }) => void = () => {}
    frame.handlers.CONNECT_EMAIL = () =>
      new Promise((resolve) => {
        answer = resolve
      })
    const first = client.auth.connectEmail('ada@example.com')
    await vi.waitFor(() => expect(frame.events('CONNECT_EMAIL')).toHaveLength(1))
    client.auth.resetLogin()
    answer({ action: 'VERIFY_OTP' })
    const error = await rejection(first)
    expect(error.code).toBe('ABORTED')
    expect(client.auth.$login.get()).toMatchObject({ status: 'idle', step: 'email' })
  })
})

describe('a login that does not go as planned', () => {
  it('an app without email login refuses it before anything loads', async () => {
    const { client, frame } = setup({ options: { features: { email: false } } })
    const error = await rejection(client.auth.connectEmail('ada@example.com'))
    expect(error.code).toBe('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
    expect(frame.mounts).toEqual([])
  })

  it('a frame signed in whose user cannot be read: the login fails with its reason', async () => {
    const { client, frame } = setup({ signedIn: true })
    frame.handlers.GET_USER = () => {
      throw frameFailure('Not signed in')
    }
    const error = await rejection(client.auth.connectEmail('ada@example.com'))
    expect(error.details?.message).toEqual({ key: 'auth.error.notSignedIn' })
    expect(client.auth.$login.get()).toMatchObject({ status: 'error', step: 'email', error })
    expect(client.connection.$status.get()).toBe('disconnected')
  })

  it('a code answered after the user went back changes nothing', async () => {
    const { client, frame } = setup()
    await client.auth.connectEmail('ada@example.com')
    let answer: () => void = () => {}
    const check = frame.handlers.CONNECT_OTP!
    frame.handlers.CONNECT_OTP = (payload, id) =>
      new Promise((resolve) => {
        answer = () => resolve(check(payload, id) as never)
      })
    const verified = rejection(client.auth.verifyOtp(GOOD_CODE))
    await vi.waitFor(() => expect(frame.events('CONNECT_OTP')).toHaveLength(1))
    client.auth.resetLogin()
    answer()
    const error = await verified
    expect(error.code).toBe('ABORTED')
    expect(error.message).toBe('A later email login replaced this one')
    expect(error.details).toEqual({ reason: 'replaced' })
    expect(client.auth.$login.get()).toMatchObject({ status: 'idle', step: 'email' })
    expect(client.auth.$user.get()).toBeUndefined()
    expect(client.connection.$status.get()).toBe('disconnected')
  })

  it('a login answered after another one started leaves the newer one as it is', async () => {
    const { client, frame } = setup()
    const answers: ((fail: boolean) => void)[] = []
    frame.handlers.CONNECT_EMAIL = () =>
      new Promise((resolve, reject) => {
        answers.push((fail) =>
          fail ? reject(frameFailure('Code expired')) : resolve({ action: 'VERIFY_OTP' }),
        )
      })
    for (const fail of [false, true]) {
      const first = rejection(client.auth.connectEmail('ada@example.com'))
      await vi.waitFor(() => expect(answers).toHaveLength(1))
      client.auth.resetLogin()
      void client.auth.connectEmail('grace@example.com').catch(() => undefined)
      await vi.waitFor(() => expect(answers).toHaveLength(2))
      answers[0]!(fail)
      expect((await first).code).toBe(fail ? 'WALLET_ERROR' : 'ABORTED')
      expect(client.auth.$login.get()).toMatchObject({
        status: 'pending',
        step: 'email',
        email: 'grace@example.com',
      })
      answers[1]!(true)
      await settle()
      answers.splice(0)
    }
  })

  it('a device approved after the user went back does not move that login on', async () => {
    const { client, frame } = setup({ knownDevice: false })
    let approve: () => void = () => {}
    frame.handlers.CONNECT_DEVICE = () =>
      new Promise((resolve) => {
        approve = () => resolve({ action: 'VERIFY_OTP' })
      })
    await client.auth.connectEmail('ada@example.com')
    await settle()
    client.auth.resetLogin()
    approve()
    await settle()
    expect(client.auth.$login.get()).toMatchObject({ status: 'idle', step: 'email' })
  })

  it('a device approved away from its view leaves the modal as it is', async () => {
    const { client, frame } = setup({ knownDevice: false })
    client.modal.open({ view: 'Connect' })
    await client.auth.connectEmail('ada@example.com')
    frame.state.deviceApproved = true
    await vi.advanceTimersByTimeAsync(1_000)
    expect(client.auth.$login.get().step).toBe('otp')
    expect(client.modal.$stack.get().map((entry) => entry.view)).toEqual(['Connect'])
  })

  it('a wrong code whose tries are not a number is only said to be wrong', async () => {
    const { client, frame } = setup()
    await client.auth.connectEmail('ada@example.com')
    for (const data of [{ triesLeft: '2' }, 'two tries left', null]) {
      frame.handlers.CONNECT_OTP = () => {
        throw new FakeFrameError({ message: 'Invalid code', data })
      }
      const error = await rejection(client.auth.verifyOtp(GOOD_CODE))
      expect(error.details?.message).toEqual({ key: 'auth.error.invalidCode' })
    }
    // Tries left only count for a wrong code.
    frame.handlers.CONNECT_OTP = () => {
      throw frameFailure('Code expired', undefined, { triesLeft: 0 })
    }
    const expired = await rejection(client.auth.verifyOtp(GOOD_CODE))
    expect(expired.details?.message).toEqual({ key: 'auth.error.codeExpired' })
  })

  it('a connection closes the modal from the device view too, but not from an unrelated view', async () => {
    const { client } = setup()
    client.modal.open({ view: 'Connect' })
    await client.auth.connectEmail('ada@example.com')
    client.modal.push('EmailVerifyDevice')
    await client.auth.verifyOtp(GOOD_CODE)
    expect(client.modal.$open.get()).toBe(false)
    await client.connection.disconnect()
    vi.setSystemTime(START + 30_000)
    client.modal.open({ view: 'Networks' })
    await client.auth.connectEmail('ada@example.com')
    await client.auth.verifyOtp(GOOD_CODE)
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('Networks')
  })
})

describe('the 30 s between email logins', () => {
  it("is the app's constant and the frame protocol's rule alike: 30 000 ms", () => {
    expect(EMAIL_LOGIN_COOLDOWN_MS).toBe(30_000)
    expect(EMAIL_LOGIN_RULES.cooldownMs).toBe(30_000)
  })

  it("says 'Please try again after N seconds', N the remaining seconds rounded up", async () => {
    const { client, frame } = setup()
    await client.auth.connectEmail('ada@example.com')
    vi.setSystemTime(START + 12_300)
    const error = await rejection(client.auth.connectEmail('grace@example.com'))
    expect(error.message).toBe('Please try again after 18 seconds')
    expect(error.details?.message).toEqual({ key: 'auth.cooldown', params: { seconds: 18 } })
    vi.setSystemTime(START + 29_999)
    expect((await rejection(client.auth.connectEmail('grace@example.com'))).message).toBe(
      'Please try again after 1 seconds',
    )
    vi.setSystemTime(START + 30_000)
    expect(await client.auth.connectEmail('grace@example.com')).toBe('otp')
    expect(frame.events('CONNECT_EMAIL')).toHaveLength(2)
  })

  it('rounds up the remaining wait for any moment within the 30 s (property)', async () => {
    const { client } = setup()
    await client.auth.connectEmail('ada@example.com')
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 29_999 }), async (elapsed) => {
        vi.setSystemTime(START + elapsed)
        const error = await rejection(client.auth.connectEmail('ada@example.com'))
        const seconds = Math.ceil((30_000 - elapsed) / 1_000)
        expect(error.message).toBe(`Please try again after ${seconds} seconds`)
        expect(seconds).toBeGreaterThanOrEqual(1)
        expect(seconds).toBeLessThanOrEqual(30)
      }),
      { numRuns: 1_000 },
    )
  })

  it('holds across a reload (the time of the last login is stored)', async () => {
    const storage = createMemoryStorage()
    const first = setup({ storage })
    await first.client.auth.connectEmail('ada@example.com')
    first.client.destroy()
    vi.setSystemTime(START + 5_000)
    const second = setup({ storage })
    const error = await rejection(second.client.auth.connectEmail('ada@example.com'))
    expect(error.message).toBe('Please try again after 25 seconds')
    expect(second.frame.mounts).toEqual([])
  })

  it('resending the code waits for the same 30 s', async () => {
    const { client, frame } = setup()
    await client.auth.connectEmail('ada@example.com')
    vi.setSystemTime(START + 10_000)
    expect((await rejection(client.auth.resendCode())).message).toBe(
      'Please try again after 20 seconds',
    )
    vi.setSystemTime(START + 30_000)
    expect(await client.auth.resendCode()).toBe('otp')
    expect(frame.events('CONNECT_EMAIL')).toEqual([
      { email: 'ada@example.com' },
      { email: 'ada@example.com' },
    ])
    expect(client.auth.$login.get().resendAt).toBe(START + 60_000)
  })

  it('follows the secure site when it says to wait (another browser logged in)', async () => {
    const { client, frame } = setup()
    frame.handlers.CONNECT_EMAIL = () => {
      throw frameFailure('Please try again after 7 seconds', 429, { retryAfterMs: 6_200 })
    }
    const error = await rejection(client.auth.connectEmail('ada@example.com'))
    expect(error.details?.message).toEqual({ key: 'auth.cooldown', params: { seconds: 7 } })
    frame.handlers.CONNECT_EMAIL = undefined
    vi.setSystemTime(START + 1_000)
    expect((await rejection(client.auth.connectEmail('ada@example.com'))).message).toBe(
      'Please try again after 6 seconds',
    )
  })

  it("the site's exact wait wins over the seconds of its text", async () => {
    const { client, frame } = setup()
    frame.handlers.CONNECT_EMAIL = () => {
      throw frameFailure('Please try again after 7 seconds', 429, { retryAfterMs: 3_000 })
    }
    await rejection(client.auth.connectEmail('ada@example.com'))
    frame.handlers.CONNECT_EMAIL = undefined
    vi.setSystemTime(START + 1_000)
    expect((await rejection(client.auth.connectEmail('ada@example.com'))).message).toBe(
      'Please try again after 2 seconds',
    )
  })

  it("reads the site's wait only from its exact text, in whole seconds", async () => {
    const { client, frame } = setup()
    for (const message of [
      'Error: Please try again after 7 seconds',
      'Please try again after 7 seconds!',
      'Please try again after seven seconds',
    ]) {
      frame.handlers.CONNECT_EMAIL = () => {
        throw frameFailure(message, 429)
      }
      const error = await rejection(client.auth.connectEmail('ada@example.com'))
      expect(error.details?.message).toEqual({ key: 'auth.error.default' })
    }
    // Without the exact wait in the details, the text's own seconds count (two digits here).
    frame.handlers.CONNECT_EMAIL = () => {
      throw frameFailure('Please try again after 15 seconds', 429)
    }
    const error = await rejection(client.auth.connectEmail('ada@example.com'))
    expect(error.details?.message).toEqual({ key: 'auth.cooldown', params: { seconds: 15 } })
    frame.handlers.CONNECT_EMAIL = undefined
    vi.setSystemTime(START + 1_000)
    expect((await rejection(client.auth.connectEmail('ada@example.com'))).message).toBe(
      'Please try again after 14 seconds',
    )
  })

  it('a resend with no login started says so', async () => {
    const { client } = setup()
    const error = await rejection(client.auth.resendCode())
    expect(error.message).toBe('No email login to resend')
    expect(error.details?.message).toEqual({ key: 'auth.error.noLogin' })
  })
})

describe('a new browser: the device is approved from the mailbox first', () => {
  it('waits for the approval link, asking again while it is not opened, then asks for the code', async () => {
    const { client, frame } = setup({ knownDevice: false })
    expect(await client.auth.connectEmail('ada@example.com')).toBe('device')
    expect(client.auth.$login.get()).toMatchObject({ step: 'device', status: 'pending' })
    await vi.advanceTimersByTimeAsync(2_000)
    expect(frame.events('CONNECT_DEVICE')).toHaveLength(3)
    frame.state.deviceApproved = true
    await vi.advanceTimersByTimeAsync(1_000)
    expect(client.auth.$login.get().step).toBe('otp')
    expect(client.auth.$login.get()).toMatchObject({ status: 'idle', isPending: false })
    await client.auth.verifyOtp(GOOD_CODE)
    expect(client.connection.$status.get()).toBe('connected')
  })

  it('gives up after the link expires (10 minutes), with the reason', async () => {
    const { client, frame } = setup({ knownDevice: false })
    // The frame holds each wait 25 s, like the secure site.
    frame.handlers.CONNECT_DEVICE = () =>
      new Promise((_, reject) =>
        setTimeout(() => reject(frameFailure('Device not approved yet')), 25_000),
      )
    await client.auth.connectEmail('ada@example.com')
    await vi.advanceTimersByTimeAsync(9 * 60_000)
    expect(client.auth.$login.get()).toMatchObject({ step: 'device', status: 'pending' })
    await vi.advanceTimersByTimeAsync(90_000)
    expect(client.auth.$login.get()).toMatchObject({
      step: 'device',
      status: 'error',
      error: expect.objectContaining({
        details: { message: { key: 'auth.error.deviceNotApproved' } },
      }),
    })
    const asked = frame.events('CONNECT_DEVICE').length
    await vi.advanceTimersByTimeAsync(60_000)
    expect(frame.events('CONNECT_DEVICE')).toHaveLength(asked)
  })

  it('stops asking once the user went back', async () => {
    const { client, frame } = setup({ knownDevice: false })
    frame.handlers.CONNECT_DEVICE = () =>
      new Promise((_, reject) =>
        setTimeout(() => reject(frameFailure('Device not approved yet')), 25_000),
      )
    await client.auth.connectEmail('ada@example.com')
    await settle()
    client.auth.resetLogin()
    await vi.advanceTimersByTimeAsync(100_000)
    expect(frame.events('CONNECT_DEVICE')).toHaveLength(1)
    // The address step again, with the address the user typed still there.
    expect(client.auth.$login.get()).toMatchObject({
      step: 'email',
      status: 'idle',
      email: 'ada@example.com',
      resendAt: undefined,
    })
  })

  it('on the EmailVerifyDevice view: the approval replaces it by EmailVerifyOtp', async () => {
    const { client, frame } = setup({ knownDevice: false })
    client.modal.open({ view: 'Connect' })
    await client.auth.connectEmail('ada@example.com')
    client.modal.push('EmailVerifyDevice')
    frame.state.deviceApproved = true
    await vi.advanceTimersByTimeAsync(1_000)
    expect(client.modal.$stack.get().map((entry) => entry.view)).toEqual([
      'Connect',
      'EmailVerifyOtp',
    ])
  })

  it('leaving EmailVerifyDevice (Back) abandons the login: no more asks, the address step again', async () => {
    const { client, frame } = setup({ knownDevice: false })
    frame.handlers.CONNECT_DEVICE = () =>
      new Promise((_, reject) =>
        setTimeout(() => reject(frameFailure('Device not approved yet')), 25_000),
      )
    client.modal.open({ view: 'Connect' })
    await client.auth.connectEmail('ada@example.com')
    client.modal.push('EmailVerifyDevice')
    await settle()
    client.modal.back()
    expect(client.auth.$login.get()).toMatchObject({ step: 'email', status: 'idle' })
    await vi.advanceTimersByTimeAsync(100_000)
    expect(frame.events('CONNECT_DEVICE')).toHaveLength(1)
    expect(client.modal.$view.get().view).toBe('Connect')
  })

  it('leaving EmailVerifyDevice once the code is asked keeps the login', async () => {
    const { client, frame } = setup({ knownDevice: false })
    client.modal.open({ view: 'Connect' })
    await client.auth.connectEmail('ada@example.com')
    client.modal.push('EmailVerifyDevice')
    frame.state.deviceApproved = true
    await vi.advanceTimersByTimeAsync(1_000)
    client.modal.back()
    expect(client.auth.$login.get().step).toBe('otp')
  })

  it('another frame error ends the wait with that error', async () => {
    const { client, frame } = setup({ knownDevice: false })
    frame.handlers.CONNECT_DEVICE = () => {
      throw frameFailure('No email login in progress')
    }
    await client.auth.connectEmail('ada@example.com')
    await settle()
    expect(client.auth.$login.get()).toMatchObject({
      step: 'device',
      status: 'error',
      error: expect.objectContaining({ details: { message: { key: 'auth.error.noLogin' } } }),
    })
  })
})

describe('a frame that fails', () => {
  it('never says READY: after 20 s the alert, a clear error, and a clean state', async () => {
    const { client, frame } = setup({ autoReady: false })
    const attempt = rejection(client.auth.connectEmail('ada@example.com'))
    await settle()
    expect(client.auth.$frame.get().status).toBe('loading')
    expect(frame.listenerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(19_999)
    expect(client.alerts.$alerts.get()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    const error = await attempt
    expect(error.code).toBe('EMAIL_DEPENDENCY_LOAD_FAILED')
    expect(error.message).toBe('Unable to load email login dependency')
    expect(client.alerts.$alerts.get().map((a) => a.code)).toEqual(['IFRAME_LOAD_FAILED'])
    expect(frame.state.removed).toBe(1)
    expect(frame.listenerCount()).toBe(0)
    expect(client.auth.$frame.get()).toEqual({ status: 'failed', approval: undefined })
    expect(client.auth.$login.get()).toMatchObject({ status: 'error', step: 'email', error })
    // No lost login mail: the cooldown did not start.
    frame.state.autoReady = true
    expect(await client.auth.connectEmail('ada@example.com')).toBe('otp')
    expect(frame.mounts).toHaveLength(2)
  })

  it('does not answer an email login in 30 s: the request-timeout alert and a retry', async () => {
    const { client, frame } = setup()
    frame.handlers.CONNECT_EMAIL = () => 'never'
    const attempt = rejection(client.auth.connectEmail('ada@example.com'))
    await vi.advanceTimersByTimeAsync(29_999)
    expect(client.auth.$login.get().isPending).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    const error = await attempt
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      details: { event: 'CONNECT_EMAIL', seconds: 30 },
    })
    expect(client.alerts.$alerts.get().map((a) => a.code)).toEqual(['IFRAME_REQUEST_TIMEOUT'])
    expect(client.auth.$login.get()).toMatchObject({ status: 'error', isPending: false })
    frame.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_OTP' })
    expect(await client.auth.connectEmail('ada@example.com')).toBe('otp')
  })

  it('a code the frame does not check in 30 s times out too', async () => {
    const { client, frame } = setup()
    await client.auth.connectEmail('ada@example.com')
    frame.handlers.CONNECT_OTP = () => 'never'
    const attempt = rejection(client.auth.verifyOtp(GOOD_CODE))
    await vi.advanceTimersByTimeAsync(30_000)
    expect((await attempt).details).toMatchObject({ event: 'CONNECT_OTP' })
    expect(client.toast.$toast.get().open).toBe(false)
  })
})
