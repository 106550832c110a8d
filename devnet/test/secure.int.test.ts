import { createTransport } from 'nodemailer'
import { createPublicClient, erc20Abi, formatEther, formatUnits, http, isAddress } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, type InboxMessage, startDevnet } from '../src/index.js'

let devnet: Devnet

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0] } })
})

afterAll(async () => {
  await devnet?.stop()
})

const site = (path: string, init?: RequestInit) => fetch(`${devnet.secureSiteUrl}${path}`, init)

/** A JSON call to the frame's API, as the frame makes it (same origin: no Origin header here). */
async function call(path: string, body?: unknown, token?: string, method = 'POST') {
  const response = await site(path, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function inbox(address: string): Promise<InboxMessage[]> {
  const response = await site(`/api/inbox?address=${encodeURIComponent(address)}`)
  return ((await response.json()) as { messages: InboxMessage[] }).messages
}

/** The newest mail to `address` whose subject matches, read through the JSON route. */
async function latestMail(address: string, subject: RegExp) {
  const mail = (await inbox(address)).find((m) => subject.test(m.subject))
  if (!mail) throw new Error(`no mail "${subject}" for ${address}`)
  return mail
}
const codeIn = (mail: InboxMessage) => /Your code is (\d{6})/.exec(mail.text)?.[1] ?? ''
const linkIn = (mail: InboxMessage) =>
  /(http:\/\/\S+\/device\?token=\S+)/.exec(mail.text)?.[1] ?? ''

const deviceA = 'a'.repeat(64)
const deviceB = 'b'.repeat(64)

async function approveLink(link: string) {
  const token = new URL(link).searchParams.get('token') ?? ''
  const page = await fetch(link)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('Approve device')
  const approved = await site('/device', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  })
  expect(approved.status).toBe(200)
  expect(await approved.text()).toContain('Device approved')
}

/** A full first login: device link, code, key escrow. */
async function signUp(email: string, deviceId = deviceA) {
  expect((await call('/api/login/email', { email, deviceId })).body).toEqual({
    action: 'VERIFY_DEVICE',
  })
  await approveLink(linkIn(await latestMail(email, /Approve sign-in/)))
  expect((await call('/api/login/device', { email, deviceId })).body).toEqual({
    action: 'VERIFY_OTP',
  })
  const otp = codeIn(await latestMail(email, /Your Portico devnet code/))
  const verified = await call('/api/login/otp', { email, deviceId, otp })
  expect(verified.status).toBe(200)
  const token = verified.body.sessionToken as string
  const privateKey = generatePrivateKey()
  const escrowed = await call('/api/account/key', { privateKey }, token)
  expect(escrowed.status).toBe(200)
  return { token, privateKey, address: privateKeyToAddress(privateKey) }
}

describe('secure site pages', () => {
  it('serves the frame page only with projectId and version 4, framable by the allowed origins', async () => {
    const page = await site('/sdk?projectId=p1&chainId=31338&version=4&enableLogger=false')
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain('frame-ancestors http://127.0.0.1:* http://localhost:*')
    expect(csp).toContain("script-src 'self'")
    for (const chain of devnet.chains) expect(csp).toContain(new URL(chain.rpcUrl).origin)
    const html = await page.text()
    expect(html).toContain('"projectId":"p1"')
    expect(html).toContain('"chainId":31338')

    expect((await site('/sdk?version=4')).status).toBe(400)
    expect(await (await site('/sdk?projectId=p&version=3')).text()).toMatch(/unsupported version 3/)
    expect((await site('/sdk?projectId=p&version=4&chainId=1')).status).toBe(400)
    expect((await site('/sdk?projectId=p&version=4&chainId=eip155:31337')).status).toBe(200)

    const script = await site('/sdk/frame.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect((await site('/nope')).status).toBe(404)
  })

  it('refuses frame API calls from another origin, and non-JSON bodies', async () => {
    const foreign = await site('/api/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:1' },
      body: JSON.stringify({ email: 'x@example.com', deviceId: deviceA }),
    })
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toEqual({ error: 'cross-origin request refused' })
    const form = await site('/api/login/email', { method: 'POST', body: 'email=x@example.com' })
    expect(form.status).toBe(415)
    expect(await inbox('x@example.com')).toEqual([])
  })
})

describe('email login over SMTP', () => {
  it('a new user: device link, then a 6-digit code with 3 tries, then a funded address', async () => {
    const email = 'Alice@Example.com'
    const address = 'alice@example.com'
    const bad = await call('/api/login/email', { email: 'alice@example', deviceId: deviceA })
    expect(bad).toEqual({ status: 400, body: { error: 'Invalid email' } })

    expect((await call('/api/login/email', { email, deviceId: deviceA })).body).toEqual({
      action: 'VERIFY_DEVICE',
    })
    // The same address again within 30 s: refused, no second mail.
    const again = await call('/api/login/email', { email, deviceId: deviceA })
    expect(again.status).toBe(429)
    expect(again.body.error).toMatch(/^Please try again after (30|29) seconds$/)
    const mails = await inbox(address)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: [address], subject: 'Approve sign-in from a new device' })

    // No code before the device is approved.
    const early = await call('/api/login/otp', { email, deviceId: deviceA, otp: '000000' })
    expect(early).toEqual({ status: 403, body: { error: 'Device not approved yet' } })

    // The frame's wait is released by the approval.
    const waiting = call('/api/login/device', { email, deviceId: deviceA })
    await approveLink(linkIn(mails[0] as InboxMessage))
    expect((await waiting).body).toEqual({ action: 'VERIFY_OTP' })

    const codeMail = await latestMail(address, /Your Portico devnet code/)
    expect(codeMail.text).toMatch(/expires in 5 minutes and allows 3 tries/)
    const otp = codeIn(codeMail)
    expect(otp).toMatch(/^\d{6}$/)
    const wrong = otp === '000000' ? '000001' : '000000'
    expect(await call('/api/login/otp', { email, deviceId: deviceA, otp: wrong })).toEqual({
      status: 400,
      body: { error: 'Invalid code', triesLeft: 2 },
    })
    const verified = await call('/api/login/otp', { email, deviceId: deviceA, otp })
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({
      user: { email: address, address: null },
      privateKey: null,
    })
    const token = verified.body.sessionToken as string

    // The frame generates the key and hands it to the escrow once; the address gets funded.
    const privateKey = generatePrivateKey()
    const escrowed = await call('/api/account/key', { privateKey }, token)
    const owner = privateKeyToAddress(privateKey)
    expect(escrowed.body).toEqual({ user: { email: address, address: owner } })
    expect(
      (await call('/api/account/key', { privateKey: generatePrivateKey() }, token)).status,
    ).toBe(409)
    expect((await call('/api/session', undefined, token, 'GET')).body).toEqual({
      user: { email: address, address: owner },
    })

    for (const chain of devnet.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      expect(formatEther(await client.getBalance({ address: owner }))).toBe('10')
      const usdc = await client.readContract({
        address: devnet.tokens[chain.chainId]?.usdc as `0x${string}`,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      })
      expect(formatUnits(usdc, 6)).toBe('100')
    }

    // The same device later: the code at once (the completed login lifted the cooldown), and
    // the escrowed key comes back with it.
    expect((await call('/api/login/email', { email: address, deviceId: deviceA })).body).toEqual({
      action: 'VERIFY_OTP',
    })
    const second = await call('/api/login/otp', {
      email,
      deviceId: deviceA,
      otp: codeIn(await latestMail(address, /Your Portico devnet code/)),
    })
    expect(second.body).toMatchObject({ user: { address: owner }, privateKey })

    // Signing out ends that session only.
    await call('/api/session', undefined, second.body.sessionToken as string, 'DELETE')
    expect(
      (await call('/api/session', undefined, second.body.sessionToken as string, 'GET')).status,
    ).toBe(401)
    expect((await call('/api/session', undefined, token, 'GET')).status).toBe(200)
  })

  it('a code is void after three wrong answers', async () => {
    const email = 'bob@example.com'
    await signUp(email)
    await call('/api/login/email', { email, deviceId: deviceA })
    const otp = codeIn(await latestMail(email, /Your Portico devnet code/))
    const wrong = otp === '999999' ? '999998' : '999999'
    const answers = []
    for (let i = 0; i < 3; i++)
      answers.push(await call('/api/login/otp', { email, deviceId: deviceA, otp: wrong }))
    expect(answers.map((a) => a.body.error)).toEqual([
      'Invalid code',
      'Invalid code',
      'Too many attempts: request a new code',
    ])
    expect((await call('/api/login/otp', { email, deviceId: deviceA, otp })).body).toEqual({
      error: 'No email login in progress',
    })
  })

  it('another device needs its own approval, and then gets the same key', async () => {
    const email = 'carol@example.com'
    const first = await signUp(email, deviceA)
    expect((await call('/api/login/email', { email, deviceId: deviceB })).body).toEqual({
      action: 'VERIFY_DEVICE',
    })
    await approveLink(linkIn(await latestMail(email, /Approve sign-in/)))
    await call('/api/login/device', { email, deviceId: deviceB })
    const otp = codeIn(await latestMail(email, /Your Portico devnet code/))
    const verified = await call('/api/login/otp', { email, deviceId: deviceB, otp })
    expect(verified.body).toMatchObject({
      user: { address: first.address },
      privateKey: first.privateKey,
    })
  })

  it('email update: a code to the current address, then one to the new address', async () => {
    const { token, address } = await signUp('dave@example.com')
    expect((await call('/api/email/update', { email: 'dave@example.com' }, token)).body).toEqual({
      error: 'This is already your email',
    })
    await signUp('erin@example.com', deviceB)
    expect((await call('/api/email/update', { email: 'erin@example.com' }, token)).status).toBe(409)

    expect(
      (await call('/api/email/update', { email: 'dave.new@example.org' }, token)).body,
    ).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    expect(await inbox('dave.new@example.org')).toEqual([])
    const primary = codeIn(await latestMail('dave@example.com', /Your Portico devnet code/))
    expect((await call('/api/email/update/primary', { otp: primary }, token)).body).toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    })
    const secondary = codeIn(await latestMail('dave.new@example.org', /Your Portico devnet code/))
    expect((await call('/api/email/update/secondary', { otp: secondary }, token)).body).toEqual({
      email: 'dave.new@example.org',
    })
    expect((await call('/api/session', undefined, token, 'GET')).body).toEqual({
      user: { email: 'dave.new@example.org', address },
    })
    // The new address is now the user's: a login there is a known device's login.
    expect(
      (await call('/api/login/email', { email: 'dave.new@example.org', deviceId: deviceA })).body,
    ).toEqual({
      action: 'VERIFY_OTP',
    })
  })
})

describe('Devnet Inbox', () => {
  it('lists mail per address, with what came in the mail as text', async () => {
    const transport = createTransport(devnet.smtpUrl)
    await transport.sendMail({
      from: '"<b>Mallory</b>" <mallory@example.com>',
      to: 'frank@example.com',
      subject: '<img src=x onerror=alert(1)> hello',
      text: 'Body with <script>alert(1)</script> and http://evil.example/phish',
    })
    transport.close()
    expect(devnet.inbox.list('FRANK@example.com')).toHaveLength(1)

    const page = await site('/inbox?address=frank%40example.com')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain('<h1>Devnet Inbox</h1>')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; hello')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    // Only links to the secure site itself become links.
    expect(html).not.toContain('href="http://evil.example')
    expect(html).toContain('href="/inbox?address=frank%40example.com" aria-current="page"')
  })

  it('answers the JSON route newest first, and clears', async () => {
    const messages = (await (await site('/api/inbox')).json()) as { messages: InboxMessage[] }
    expect(messages.messages.length).toBeGreaterThan(3)
    const ids = messages.messages.map((m) => Number(m.id))
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    for (const message of messages.messages) {
      expect(message.to.every((to) => to === to.toLowerCase())).toBe(true)
      expect(Number.isNaN(Date.parse(message.receivedAt))).toBe(false)
    }
    expect(isAddress(devnet.accounts[0]?.address ?? '')).toBe(true)
    expect((await site('/api/inbox', { method: 'DELETE' })).status).toBe(200)
    expect(devnet.inbox.list()).toEqual([])
  })
})
