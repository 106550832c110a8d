import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loggedIn, rejection, settle, setupAuth } from '../test-utils/auth.js'
import { EMBEDDED_ADDRESS, frameFailure, GOOD_CODE, TX_HASH } from '../test-utils/secureFrame.js'
import { AUTH_CONNECTOR_ID } from './index.js'

const cleanups: (() => void)[] = []
// The frame client is loaded on first use: transform it once, before the faked clocks start.
// The first connection also loads the EVM adapter: slow on a busy machine, so more than 5 s.
vi.setConfig({ testTimeout: 30_000 })
beforeAll(async () => {
  await import('./lazy.js')
}, 60_000)
beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
})

type Client = Awaited<ReturnType<typeof loggedIn>>['client']
const providerOf = (client: Client) => {
  const connector = client.connectors.$connectors.get().find((c) => c.id === AUTH_CONNECTOR_ID)
  if (!connector?.provider) throw new Error('no auth connector')
  return connector.provider
}
const views = (client: Client) => client.modal.$stack.get().map((entry) => entry.view)
const TX = {
  from: EMBEDDED_ADDRESS,
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: '0x1',
}

describe('RPC requests through the auth connector', () => {
  it('answers safe read-only methods without opening anything', async () => {
    const { client, frame } = await loggedIn(cleanups)
    const provider = providerOf(client)
    const balance = provider.request({ method: 'eth_getBalance', params: [EMBEDDED_ADDRESS] })
    const accounts = provider.request({ method: 'eth_accounts' })
    const chainId = provider.request({ method: 'eth_chainId' })
    await settle()
    expect(await balance).toBe('0x1')
    expect(await accounts).toEqual([EMBEDDED_ADDRESS])
    expect(await chainId).toBe('0x7a69')
    expect(client.modal.$open.get()).toBe(false)
    expect(frame.events('RPC_REQUEST').map((p) => p.method)).toEqual(['eth_getBalance'])
  })

  it('an unsafe method opens ApproveTransaction; Approve answers the hash and the modal closes', async () => {
    const { client, frame } = await loggedIn(cleanups)
    const sent = providerOf(client).request({ method: 'eth_sendTransaction', params: [TX] })
    await settle()
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get()).toEqual({
      view: 'ApproveTransaction',
      data: { method: 'eth_sendTransaction' },
    })
    expect(client.auth.$frame.get().approval).toMatchObject({ method: 'eth_sendTransaction' })
    frame.approvals[0]!.decide(true)
    expect(await sent).toBe(TX_HASH)
    expect(client.modal.$open.get()).toBe(false)
    expect(client.auth.$frame.get().approval).toBeUndefined()
  })

  it('pops ApproveTransaction back to the view under it, on success and on a rejection', async () => {
    const { client, frame } = await loggedIn(cleanups)
    client.modal.open({ view: 'Account' })
    const first = providerOf(client).request({
      method: 'personal_sign',
      params: ['0x68', EMBEDDED_ADDRESS],
    })
    await settle()
    expect(views(client)).toEqual(['Account', 'ApproveTransaction'])
    frame.approvals[0]!.decide(true)
    await first
    expect(views(client)).toEqual(['Account'])
    const second = providerOf(client).request({ method: 'eth_sendTransaction', params: [TX] })
    await settle()
    frame.approvals[0]!.decide(false)
    await expect(second).rejects.toMatchObject({ code: 4001 })
    expect(views(client)).toEqual(['Account'])
    expect(client.modal.$open.get()).toBe(true)
  })

  it('refuses a method outside the allowed list, and opens the modal with the reason', async () => {
    const { client, frame } = await loggedIn(cleanups)
    const error = await rejection(providerOf(client).request({ method: 'eth_sign', params: [] }))
    expect(error.code).toBe('RPC_NOT_ALLOWED')
    expect(error.message).toBe('Requested RPC call is not allowed')
    expect(client.modal.$view.get()).toEqual({
      view: 'ApproveTransaction',
      data: { error: { key: 'error.RPC_NOT_ALLOWED', params: {} } },
    })
    expect(frame.events('RPC_REQUEST')).toEqual([])
  })

  it("the frame's refusal of an unsafe method it cannot do here: 'Action not allowed'", async () => {
    const { client } = await loggedIn(cleanups)
    const error = await rejection(
      providerOf(client).request({ method: 'wallet_grantPermissions', params: [{}] }),
    )
    expect(error.code).toBe('ACTION_NOT_ALLOWED')
    expect(error.message).toBe('Action not allowed')
    expect(client.modal.$view.get()).toMatchObject({
      view: 'ApproveTransaction',
      data: { error: { key: 'error.ACTION_NOT_ALLOWED' } },
    })
  })

  it('checks wallet_sendCalls and transactions before the frame sees them', async () => {
    const { client, frame } = await loggedIn(cleanups)
    const provider = providerOf(client)
    const calls = await rejection(
      provider.request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: 'abc' }] }] }),
    )
    expect(calls.details?.message).toEqual({ key: 'auth.rpc.sendCallsTo' })
    const tx = await rejection(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ ...TX, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' }],
      }),
    )
    expect(tx.details?.message).toEqual({ key: 'auth.rpc.tipAboveFeeCap' })
    expect(tx.message).toBe('The eth_sendTransaction request is not valid')
    expect(frame.events('RPC_REQUEST')).toEqual([])
    expect(client.modal.$open.get()).toBe(false)
  })

  it('closing the modal with no transaction step waiting rejects the open request and reloads the frame', async () => {
    const { client, frame } = await loggedIn(cleanups)
    const sent = rejection(
      providerOf(client).request({ method: 'eth_sendTransaction', params: [TX] }),
    )
    await settle()
    client.modal.close()
    const error = await sent
    expect(error.message).toBe('Request was aborted')
    await vi.advanceTimersByTimeAsync(50)
    expect(frame.events('RELOAD')).toHaveLength(1)
    expect(frame.approvals).toEqual([])
  })
})

describe('the approval view while requests wait', () => {
  it('two requests at once: ApproveTransaction stays until the last one is answered', async () => {
    const { client, frame } = await loggedIn(cleanups)
    const provider = providerOf(client)
    const first = provider.request({ method: 'personal_sign', params: ['0x68', EMBEDDED_ADDRESS] })
    const second = provider.request({ method: 'eth_sendTransaction', params: [TX] })
    await settle()
    expect(views(client)).toEqual(['ApproveTransaction'])
    frame.approvals[0]!.decide(true)
    expect(await first).toBe(TX_HASH)
    expect(client.modal.$open.get()).toBe(true)
    expect(views(client)).toEqual(['ApproveTransaction'])
    frame.approvals[0]!.decide(true)
    expect(await second).toBe(TX_HASH)
    expect(client.modal.$open.get()).toBe(false)
  })

  it('wallet_sendCalls is answered with the batch the wallet sent', async () => {
    const { client, frame } = await loggedIn(cleanups)
    const sent = providerOf(client).request({
      method: 'wallet_sendCalls',
      params: [{ calls: [{ to: TX.to, value: '0x1' }] }],
    })
    await settle()
    frame.approvals[0]!.decide(true)
    expect(await sent).toEqual({ id: TX_HASH })
  })

  it('an empty answer to a signature is refused', async () => {
    const { client, frame } = await loggedIn(cleanups)
    frame.handlers.RPC_REQUEST = () => ({ result: null })
    const error = await rejection(
      providerOf(client).request({ method: 'personal_sign', params: ['0x68', EMBEDDED_ADDRESS] }),
    )
    expect(error.code).toBe('INVALID_RESPONSE')
  })

  it('a refused method while an approval shows replaces it with the reason', async () => {
    const { client, frame } = await loggedIn(cleanups)
    client.modal.open({ view: 'Account' })
    void providerOf(client)
      .request({ method: 'eth_sendTransaction', params: [TX] })
      .catch(() => undefined)
    await settle()
    await rejection(providerOf(client).request({ method: 'eth_sign', params: [] }))
    expect(client.modal.$stack.get()).toEqual([
      { view: 'Account', data: undefined },
      { view: 'ApproveTransaction', data: { error: { key: 'error.RPC_NOT_ALLOWED', params: {} } } },
    ])
    frame.approvals[0]!.decide(false)
  })

  it('a refused method over another view pushes the reason on top of it', async () => {
    const { client } = await loggedIn(cleanups)
    client.modal.open({ view: 'Account' })
    await rejection(providerOf(client).request({ method: 'eth_sign', params: [] }))
    expect(views(client)).toEqual(['Account', 'ApproveTransaction'])
  })

  it("the frame's refusal leaves the reason on screen instead of closing it", async () => {
    const { client } = await loggedIn(cleanups)
    const error = await rejection(
      providerOf(client).request({ method: 'wallet_grantPermissions', params: [{}] }),
    )
    expect(error.cause).toMatchObject({ payload: { code: 4100 } })
    expect(client.modal.$open.get()).toBe(true)
    expect(views(client)).toEqual(['ApproveTransaction'])
  })

  it('a read-only call goes to the frame with its params; one the frame does not serve is refused', async () => {
    const { client, frame } = await loggedIn(cleanups)
    const provider = providerOf(client)
    await provider.request({ method: 'eth_getBalance', params: [EMBEDDED_ADDRESS, 'latest'] })
    expect(frame.events('RPC_REQUEST').at(-1)).toEqual({
      method: 'eth_getBalance',
      params: [EMBEDDED_ADDRESS, 'latest'],
    })
    frame.handlers.RPC_REQUEST = () => {
      throw frameFailure('Requested RPC call is not allowed', 4200)
    }
    const error = await rejection(provider.request({ method: 'eth_getProof', params: [] }))
    expect(error.code).toBe('RPC_NOT_ALLOWED')
    expect(error.cause).toMatchObject({ payload: { code: 4200 } })
    expect(views(client)).toEqual(['ApproveTransaction'])
  })

  it('reopening the modal while a transaction step waits shows the approval again', async () => {
    const { client, frame } = await loggedIn(cleanups)
    client.modal.open({ view: 'Account' })
    const sent = providerOf(client).request({ method: 'eth_sendTransaction', params: [TX] })
    await settle()
    client.modal.pushTransactionStep({ goBack: true })
    client.modal.close()
    client.modal.open({ view: 'Account' })
    expect(client.modal.$stack.get()).toEqual([
      { view: 'Account', data: undefined },
      { view: 'ApproveTransaction', data: { method: 'eth_sendTransaction' } },
    ])
    frame.approvals[0]!.decide(true)
    expect(await sent).toBe(TX_HASH)
    // Answered: reopening the modal shows only what the app asked for.
    client.modal.close()
    client.modal.open({ view: 'Account' })
    expect(views(client)).toEqual(['Account'])
  })
})

describe('a fresh frame after leaving a Farcaster sign-in', () => {
  const leaveFarcaster = (client: Client) => {
    client.modal.open({ view: 'Connect' })
    client.modal.push('ConnectingFarcaster')
    client.modal.back()
  }

  it('reloads the frame once, 100 ms after, and the frame is ready again after', async () => {
    const { client, frame } = setupAuth(cleanups)
    await client.auth.preload()
    leaveFarcaster(client)
    leaveFarcaster(client)
    await vi.advanceTimersByTimeAsync(99)
    expect(frame.events('RELOAD')).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(frame.events('RELOAD')).toHaveLength(1)
    expect(client.auth.$frame.get().status).toBe('loading')
    await vi.advanceTimersByTimeAsync(10)
    expect(client.auth.$frame.get().status).toBe('ready')
    // The next leave reloads again.
    leaveFarcaster(client)
    await vi.advanceTimersByTimeAsync(100)
    expect(frame.events('RELOAD')).toHaveLength(2)
  })

  it('a frame never loaded is not loaded for that', async () => {
    const { client, frame } = setupAuth(cleanups)
    leaveFarcaster(client)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(frame.mounts).toEqual([])
  })

  it('a frame that does not reload stays as it was', async () => {
    const { client, frame } = setupAuth(cleanups)
    await client.auth.preload()
    frame.handlers.RELOAD = () => {
      throw new Error('no')
    }
    leaveFarcaster(client)
    await vi.advanceTimersByTimeAsync(100)
    expect(frame.events('RELOAD')).toHaveLength(1)
    expect(client.auth.$frame.get().status).toBe('ready')
  })
})

describe('email update: a code to the current address, then one to the new one', () => {
  it('moves through the steps and ends with the new address on the user', async () => {
    const { client, frame } = await loggedIn(cleanups)
    await client.auth.updateEmail('grace@example.com')
    expect(client.auth.$updateEmail.get()).toMatchObject({
      step: 'primary',
      email: 'grace@example.com',
    })
    await client.auth.verifyPrimaryOtp(GOOD_CODE)
    expect(client.auth.$updateEmail.get().step).toBe('secondary')
    expect(await client.auth.verifySecondaryOtp(GOOD_CODE)).toBe('grace@example.com')
    expect(client.auth.$user.get()?.email).toBe('grace@example.com')
    expect(client.auth.$updateEmail.get()).toMatchObject({
      status: 'success',
      data: 'grace@example.com',
    })
    expect(frame.events('UPDATE_EMAIL')).toEqual([{ email: 'grace@example.com' }])
    client.auth.resetUpdateEmail()
    expect(client.auth.$updateEmail.get()).toMatchObject({
      step: 'email',
      email: undefined,
      status: 'idle',
    })
  })

  it('refuses a malformed address or code before the frame, and says when the address is the same', async () => {
    const { client, frame } = await loggedIn(cleanups)
    const bad = await rejection(client.auth.updateEmail('nope'))
    expect(bad.message).toBe('Invalid email')
    expect(bad.details?.message).toEqual({ key: 'auth.invalidEmail' })
    const same = await rejection(client.auth.updateEmail('ada@example.com'))
    expect(same.details?.message).toEqual({ key: 'auth.error.sameEmail' })
    expect(client.auth.$updateEmail.get()).toMatchObject({ status: 'error', step: 'email' })
    const code = await rejection(client.auth.verifyPrimaryOtp('12a'))
    expect(code.details?.message).toEqual({ key: 'auth.invalidOtp' })
    expect(frame.events('UPDATE_EMAIL_PRIMARY_OTP')).toEqual([])
  })
})

describe('an email update that does not go as planned', () => {
  it('shows each step as pending while the frame checks it', async () => {
    const { client, frame } = await loggedIn(cleanups)
    frame.handlers.UPDATE_EMAIL = () => 'never'
    void client.auth.updateEmail(' grace@example.com ').catch(() => undefined)
    await settle()
    expect(client.auth.$updateEmail.get()).toMatchObject({
      status: 'pending',
      isPending: true,
      step: 'email',
      email: 'grace@example.com',
    })
    expect(frame.events('UPDATE_EMAIL')).toEqual([{ email: 'grace@example.com' }])
  })

  it('an update abandoned (reset) while the frame answers stays reset, success or failure', async () => {
    const { client, frame } = await loggedIn(cleanups)
    let answer: (fail: boolean) => void = () => {}
    frame.handlers.UPDATE_EMAIL = () =>
      new Promise((resolve, reject) => {
        answer = (fail) =>
          fail
            ? reject(frameFailure('Email already in use'))
            : resolve({ action: 'VERIFY_PRIMARY_OTP' })
      })
    for (const [round, fail] of [false, true].entries()) {
      const update = rejection(client.auth.updateEmail('grace@example.com'))
      await vi.waitFor(() => expect(client.auth.$updateEmail.get().isPending).toBe(true))
      // The frame has the request (its answer is the test's to give).
      await vi.waitFor(() => expect(frame.events('UPDATE_EMAIL')).toHaveLength(round + 1))
      client.auth.resetUpdateEmail()
      answer(fail)
      expect((await update).code).toBe(fail ? 'WALLET_ERROR' : 'ABORTED')
      expect(client.auth.$updateEmail.get()).toMatchObject({
        status: 'idle',
        step: 'email',
        email: undefined,
      })
    }
  })

  it('an update answered after a newer one started leaves the newer one as it is', async () => {
    const { client, frame } = await loggedIn(cleanups)
    const answers: ((fail: boolean) => void)[] = []
    frame.handlers.UPDATE_EMAIL = () =>
      new Promise((resolve, reject) => {
        answers.push((fail) =>
          fail
            ? reject(frameFailure('Email already in use'))
            : resolve({ action: 'VERIFY_PRIMARY_OTP' }),
        )
      })
    for (const fail of [false, true]) {
      const first = rejection(client.auth.updateEmail('grace@example.com'))
      await vi.waitFor(() => expect(answers).toHaveLength(1))
      client.auth.resetUpdateEmail()
      void client.auth.updateEmail('hopper@example.com').catch(() => undefined)
      await vi.waitFor(() => expect(answers).toHaveLength(2))
      answers[0]!(fail)
      expect((await first).code).toBe(fail ? 'WALLET_ERROR' : 'ABORTED')
      expect(client.auth.$updateEmail.get()).toMatchObject({
        status: 'pending',
        step: 'email',
        email: 'hopper@example.com',
      })
      answers[1]!(true)
      await settle()
      answers.splice(0)
    }
  })

  it('a wrong code at a step keeps that step, with the reason', async () => {
    const { client } = await loggedIn(cleanups)
    await client.auth.updateEmail('grace@example.com')
    const error = await rejection(client.auth.verifyPrimaryOtp('000000'))
    expect(client.auth.$updateEmail.get()).toMatchObject({
      status: 'error',
      step: 'primary',
      error,
    })
    await client.auth.verifyPrimaryOtp(GOOD_CODE)
    await rejection(client.auth.verifySecondaryOtp('000000'))
    expect(client.auth.$updateEmail.get()).toMatchObject({ status: 'error', step: 'secondary' })
    const code = await rejection(client.auth.verifySecondaryOtp('12345'))
    expect(code.message).toBe('The code is 6 digits')
    expect(code.details?.message).toEqual({ key: 'auth.invalidOtp' })
  })

  it('with no user known to the app, the update does not make one up', async () => {
    const { client } = setupAuth(cleanups, { signedIn: true })
    await client.auth.updateEmail('grace@example.com')
    // Codes are read without the spaces around them.
    await client.auth.verifyPrimaryOtp(` ${GOOD_CODE} `)
    expect(await client.auth.verifySecondaryOtp(` ${GOOD_CODE} `)).toBe('grace@example.com')
    expect(client.auth.$user.get()).toBeUndefined()
    expect(client.auth.$updateEmail.get()).toMatchObject({
      status: 'success',
      step: 'secondary',
      email: 'grace@example.com',
    })
  })
})

describe('sign out', () => {
  it('ends the frame session and forgets the user', async () => {
    const { client, frame } = await loggedIn(cleanups)
    await client.connection.disconnect()
    expect(frame.events('SIGN_OUT')).toHaveLength(1)
    expect(client.auth.$user.get()).toBeUndefined()
    expect(client.connection.$status.get()).toBe('disconnected')
  })

  it('waits at most 3 s for a frame that does not answer', async () => {
    const { client, frame } = await loggedIn(cleanups)
    frame.handlers.SIGN_OUT = () => 'never'
    let done = false
    const out = client.connection.disconnect().then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(2_999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await out
    expect(done).toBe(true)
    expect(client.auth.$user.get()).toBeUndefined()
  })

  it('forgets the login and the email update under way', async () => {
    const { client, frame } = await loggedIn(cleanups)
    await client.auth.updateEmail('grace@example.com')
    await client.connection.disconnect()
    expect(frame.events('SIGN_OUT')).toHaveLength(1)
    expect(client.auth.$login.get()).toMatchObject({
      status: 'idle',
      step: 'email',
      email: undefined,
      resendAt: undefined,
    })
    expect(client.auth.$updateEmail.get()).toMatchObject({
      status: 'idle',
      step: 'email',
      email: undefined,
    })
  })

  it('a login still waiting at sign-out stays abandoned, even once a new login has started', async () => {
    const { client, frame } = await loggedIn(cleanups)
    await vi.advanceTimersByTimeAsync(30_000)
    const answers: ((value: { action: 'VERIFY_OTP' }) => void)[] = []
    frame.handlers.CONNECT_EMAIL = () => new Promise((resolve) => answers.push(resolve))
    const first = rejection(client.auth.connectEmail('grace@example.com'))
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    await client.connection.disconnect()
    void client.auth.connectEmail('alan@example.com').catch(() => undefined)
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[0]!({ action: 'VERIFY_OTP' })
    expect((await first).code).toBe('ABORTED')
    expect(client.auth.$login.get()).toMatchObject({
      status: 'pending',
      step: 'email',
      email: 'alan@example.com',
    })
  })

  it('an email update still waiting at sign-out stays abandoned after the user logs in again', async () => {
    const { client, frame } = await loggedIn(cleanups)
    // Past the 30 s between email logins, so the user can log in again at once.
    await vi.advanceTimersByTimeAsync(30_000)
    const answers: ((value: { action: 'VERIFY_PRIMARY_OTP' }) => void)[] = []
    frame.handlers.UPDATE_EMAIL = () => new Promise((resolve) => answers.push(resolve))
    const first = rejection(client.auth.updateEmail('grace@example.com'))
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    await client.connection.disconnect()
    await client.auth.connectEmail('ada@example.com')
    await client.auth.verifyOtp(GOOD_CODE)
    void client.auth.updateEmail('alan@example.com').catch(() => undefined)
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[0]!({ action: 'VERIFY_PRIMARY_OTP' })
    expect((await first).code).toBe('ABORTED')
    expect(client.auth.$updateEmail.get()).toMatchObject({
      status: 'pending',
      email: 'alan@example.com',
    })
  })

  it('a frame that failed to load is not loaded again to sign out', async () => {
    const { client, frame } = await loggedIn(cleanups)
    frame.state.heartbeat = false
    await vi.advanceTimersByTimeAsync(20_000)
    expect(client.auth.$frame.get().status).toBe('failed')
    await client.connection.disconnect()
    expect(frame.events('SIGN_OUT')).toEqual([])
    expect(frame.mounts).toHaveLength(1)
    expect(client.auth.$user.get()).toBeUndefined()
  })

  // What it guards: a disconnect that is not email's (here, nothing connected) must not load the
  // secure frame to sign out of a session nobody started.
  it('a disconnect that is not email’s does not load the secure frame', async () => {
    const { client, frame } = setupAuth(cleanups)
    await client.connection.disconnect()
    expect(frame.mounts).toHaveLength(0)
    expect(frame.events('SIGN_OUT')).toEqual([])
  })
})
