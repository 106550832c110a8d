import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { FramedUser } from '@portico/core/internal'
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import {
  createPublicClient,
  formatEther,
  http,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type StartedBrowser } from '../../e2e/support/browser.js'
import { type Devnet, type InboxMessage, startDevnet } from '../src/index.js'

// The app side of these tests is a page on an allowed origin that embeds the frame and speaks
// the protocol through `secure-frame-client.ts` (what the SDK's frame client will do).

type PageServer = { server: Server; origin: string }
let devnet: Devnet
let chromium: StartedBrowser
let browser: Browser
let allowed: PageServer
let refused: PageServer
let clientScript = ''
const contexts: BrowserContext[] = []
const email = 'grace@example.com'

async function bundleClient(): Promise<string> {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./secure-frame-client.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    // The protocol is core's (`@portico/core/internal`), taken from its sources.
    conditions: ['source'],
  })
  return result.outputFiles[0]?.text ?? ''
}

/** The app page: the frame (hidden until an approval opens) and, on ?foreign, another frame. */
function appPage(foreign: boolean): string {
  const src = `${devnet.secureSiteUrl}/sdk?projectId=secure-test&chainId=31337&version=4&enableLogger=true`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Secure frame test app</title>
<style>
#secure { position: fixed; top: 0; left: 0; width: 0; height: 0; border: 0; }
#secure.visible { width: 420px; height: 600px; }
</style></head><body>
<h1>Secure frame test app</h1>
<iframe id="secure" title="Portico secure frame" src="${src}"></iframe>
${foreign ? '<iframe id="foreign" title="Another frame" src="/foreign"></iframe>' : ''}
<script type="module" src="/client.js"></script>
</body></html>`
}

async function startPageServer(): Promise<PageServer> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://page.invalid')
    if (url.pathname === '/client.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(clientScript)
    } else if (url.pathname === '/foreign') {
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<!doctype html><title>Another frame</title><p>Another frame on the same origin</p>')
    } else {
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(appPage(url.searchParams.has('foreign')))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

beforeAll(async () => {
  ;[allowed, refused, clientScript, chromium] = await Promise.all([
    startPageServer(),
    startPageServer(),
    bundleClient(),
    launchBrowser(),
  ])
  browser = chromium.browser
  // Only the first page server's origin may embed the frame.
  devnet = await startDevnet({
    ports: { api: 0, chains: [0, 0, 0] },
    allowedOrigins: [allowed.origin],
  })
})

afterAll(async () => {
  for (const context of contexts) await context.close()
  await chromium?.close()
  await devnet?.stop()
  for (const page of [allowed, refused]) page?.server.close()
})

/** Polls `read` until it returns something, or fails after the deadline. */
async function eventually<T>(read: () => Promise<T | undefined>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function inbox(): Promise<InboxMessage[]> {
  const response = await fetch(`${devnet.secureSiteUrl}/api/inbox?address=${email}`)
  return ((await response.json()) as { messages: InboxMessage[] }).messages
}

/** The newest mail matching `subject` received after `after` mails (the JSON route). */
const mailAfter = (after: number, subject: RegExp) =>
  eventually(async () => {
    const messages = await inbox()
    return messages.length > after ? messages.find((m) => subject.test(m.subject)) : undefined
  }, `mail ${subject}`)

async function openApp(context: BrowserContext, path = '/') {
  const page = await context.newPage()
  await page.goto(`${allowed.origin}${path}`)
  await page.evaluate(() => window.secureClient.ready)
  return page
}

async function newContext() {
  const context = await browser.newContext()
  contexts.push(context)
  return context
}

type Answer =
  | { ok: true; payload: unknown }
  | { ok: false; error: { message: string; code?: number } }
const send = (page: Page, event: string, payload: unknown = {}) =>
  page.evaluate(
    ([e, p]) => window.secureClient.request(e as 'GET_USER', p as never) as Promise<Answer>,
    [event, payload] as const,
  )

const secureFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => f.url().startsWith(`${devnet.secureSiteUrl}/sdk`))
  if (!frame) throw new Error('no secure frame')
  return frame
}

/** Email, device link (approved in a page of its own), code: the whole login, in `page`. */
async function logIn(page: Page): Promise<FramedUser> {
  const before = (await inbox()).length
  expect(await send(page, 'CONNECT_EMAIL', { email })).toEqual({
    ok: true,
    payload: { action: 'VERIFY_DEVICE' },
  })
  // A second login mail within 30 s is refused; the first login goes on.
  const again = await send(page, 'CONNECT_EMAIL', { email })
  expect(again).toMatchObject({
    ok: false,
    error: {
      message: expect.stringMatching(/^Please try again after \d+ seconds$/),
      data: { retryAfterMs: expect.any(Number) },
    },
  })
  // N is the wait left, rounded up, of a 30 s window: how long the first mail took on a busy
  // machine must not matter (the rounding itself is pinned in cooldown.test.ts).
  const refusal = again as unknown as { error: { message: string; data: { retryAfterMs: number } } }
  const wait = refusal.error.data.retryAfterMs
  expect(wait).toBeGreaterThan(0)
  expect(wait).toBeLessThanOrEqual(30_000)
  expect(refusal.error.message).toBe(`Please try again after ${Math.ceil(wait / 1000)} seconds`)
  const device = page.evaluate(() => window.secureClient.request('CONNECT_DEVICE', {}))
  const linkMail = await mailAfter(before, /Approve sign-in from a new device/)
  const link = /(http:\/\/\S+\/device\?token=\S+)/.exec(linkMail.text)?.[1] ?? ''
  const mailPage = await page.context().newPage()
  await mailPage.goto(link)
  await mailPage.getByRole('button', { name: 'Approve device' }).click()
  await mailPage.getByRole('heading', { name: 'Device approved' }).waitFor()
  await mailPage.close()
  expect(await device).toEqual({ ok: true, payload: { action: 'VERIFY_OTP' } })

  const codeMail = await mailAfter(before + 1, /Your Portico devnet code/)
  const otp = /Your code is (\d{6})/.exec(codeMail.text)?.[1] ?? ''
  expect(await send(page, 'CONNECT_OTP', { otp: otp === '000000' ? '000001' : '000000' })).toEqual({
    ok: false,
    error: { message: 'Invalid code', data: { triesLeft: 2 } },
  })
  const answer = await send(page, 'CONNECT_OTP', { otp })
  if (!answer.ok) throw new Error(answer.error.message)
  return (answer.payload as { user: FramedUser }).user
}

const chainClient = () => createPublicClient({ transport: http(devnet.chains[0]?.rpcUrl) })

describe('secure frame in Chromium', () => {
  let page: Page
  let user: FramedUser

  it('logs in by email: device link, then code, then an address', async () => {
    page = await openApp(await newContext())
    expect(
      await send(page, 'SYNC_DAPP_DATA', {
        metadata: { name: 'Secure Test App', url: allowed.origin },
        sdkType: 'portico',
        sdkVersion: 'test',
      }),
    ).toEqual({ ok: true, payload: {} })
    expect(await send(page, 'SYNC_THEME', { themeMode: 'light' })).toEqual({
      ok: true,
      payload: {},
    })
    expect(await send(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: false } })
    expect(await send(page, 'GET_USER')).toEqual({ ok: false, error: { message: 'Not signed in' } })

    user = await logIn(page)
    expect(user).toEqual({
      email,
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      chainId: 31337,
      accounts: [{ address: user.address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(await send(page, 'GET_USER')).toEqual({ ok: true, payload: { user } })
    expect(await send(page, 'GET_CHAIN_ID')).toEqual({ ok: true, payload: { chainId: 31337 } })
  })

  it('keeps the key encrypted under a non-extractable AES key in the frame origin', async () => {
    // One session per app origin: this page's.
    const stored = await secureFrame(page).evaluate(async (appOrigin) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('portico-secure')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      const read = (key: string) =>
        new Promise<unknown>((resolve) => {
          const req = db.transaction('kv').objectStore('kv').get(key)
          req.onsuccess = () => resolve(req.result)
        })
      const key = (await read('wrap-key')) as CryptoKey
      const session = (await read(`session ${appOrigin}`)) as Record<string, unknown>
      return {
        algorithm: key.algorithm.name,
        extractable: key.extractable,
        fields: Object.keys(session).sort(),
        ciphertext: session.ciphertext instanceof ArrayBuffer,
      }
    }, allowed.origin)
    expect(stored).toEqual({
      algorithm: 'AES-GCM',
      extractable: false,
      fields: ['address', 'ciphertext', 'email', 'iv'],
      ciphertext: true,
    })
  })

  it('answers a safe RPC through the chain: the new account was funded', async () => {
    expect(
      await send(page, 'RPC_REQUEST', {
        method: 'eth_getBalance',
        params: [user.address, 'latest'],
      }),
    ).toEqual({ ok: true, payload: { result: toHex(parseEther('10')) } })
    expect(await send(page, 'RPC_REQUEST', { method: 'eth_chainId' })).toEqual({
      ok: true,
      payload: { result: '0x7a69' },
    })
  })

  it('refuses methods outside the lists with the spec message', async () => {
    expect(
      await send(page, 'RPC_REQUEST', { method: 'eth_sign', params: [user.address, '0x00'] }),
    ).toEqual({
      ok: false,
      error: { message: 'Requested RPC call is not allowed', code: 4200 },
    })
    expect(
      await send(page, 'RPC_REQUEST', { method: 'anvil_setBalance', params: [] }),
    ).toMatchObject({
      ok: false,
      error: { message: 'Requested RPC call is not allowed' },
    })
    // An unsafe method the embedded EOA cannot do.
    expect(
      await send(page, 'RPC_REQUEST', { method: 'eth_sendUserOperation', params: [] }),
    ).toEqual({
      ok: false,
      error: { message: 'Action not allowed', code: 4100 },
    })
    // A bad payload is answered, not dropped.
    expect(await send(page, 'CONNECT_OTP', { otp: '12345' })).toEqual({
      ok: false,
      error: { message: 'Invalid payload: otp must be a 6-digit code' },
    })
  })

  it('shows eth_sendTransaction in the frame; Approve sends it, and it is mined', async () => {
    const to = devnet.accounts[1]?.address as `0x${string}`
    const client = chainClient()
    const before = await client.getBalance({ address: to })
    const id = await page.evaluate(
      ([from, recipient]) =>
        window.secureClient.start('RPC_REQUEST', {
          method: 'eth_sendTransaction',
          params: [{ from, to: recipient, value: '0xde0b6b3a7640000' }],
        }),
      [user.address, to] as const,
    )
    const frame = page.frameLocator('#secure')
    const approval = frame.getByRole('region', { name: 'Transaction request' })
    await approval.waitFor()
    await expect
      .poll(() => page.evaluate(() => window.secureClient.notices.map((n) => n.type)))
      .toContain('@portico-frame/APPROVAL_OPEN')
    const text = await approval.textContent()
    // The origin the browser reports, apart from the name the app gives itself.
    expect(text).toContain(`Requested by ${allowed.origin}`)
    expect(text).toContain('The app calls itself “Secure Test App”')
    expect(text).toContain('Devnet (31337)')
    expect(text).toContain(to)
    expect(text).toContain('1 ETH')
    await frame.getByRole('button', { name: 'Approve' }).click()

    const answer = (await page.evaluate((i) => window.secureClient.answer(i), id)) as Answer
    if (!answer.ok) throw new Error(answer.error.message)
    const hash = (answer.payload as { result: `0x${string}` }).result
    // The frame answers with the hash as soon as the node accepts it; the block may come later.
    const receipt = await client.waitForTransactionReceipt({
      hash,
      pollingInterval: 50,
      timeout: 10_000,
    })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(user.address.toLowerCase())
    expect(formatEther((await client.getBalance({ address: to })) - before)).toBe('1')
    await expect.poll(() => approval.isVisible()).toBe(false)
  })

  it('signs a message after Approve, and answers 4001 on Reject', async () => {
    const frame = page.frameLocator('#secure')
    const signing = page.evaluate(
      (address) =>
        window.secureClient.request('RPC_REQUEST', {
          method: 'personal_sign',
          params: ['0x68656c6c6f206465766e6574', address],
        }),
      user.address,
    )
    const request = frame.getByRole('region', { name: 'Signature request' })
    await request.waitFor()
    expect(await request.textContent()).toContain('hello devnet')
    await frame.getByRole('button', { name: 'Approve' }).click()
    const signed = (await signing) as Answer
    if (!signed.ok) throw new Error(signed.error.message)
    const signature = (signed.payload as { result: `0x${string}` }).result
    expect(await verifyMessage({ address: user.address, message: 'hello devnet', signature })).toBe(
      true,
    )

    const rejected = page.evaluate(
      (address) =>
        window.secureClient.request('RPC_REQUEST', {
          method: 'personal_sign',
          params: ['0x6e6f', address],
        }),
      user.address,
    )
    await request.waitFor()
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await rejected).toEqual({
      ok: false,
      error: { message: 'User rejected the request.', code: 4001 },
    })
  })

  it('signs typed data, and runs a batch of calls after one approval', async () => {
    const frame = page.frameLocator('#secure')
    const typed = {
      domain: { name: 'Devnet Mail', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'Hello from the frame' },
    } as const
    const signing = page.evaluate(
      ([address, data]) =>
        window.secureClient.request('RPC_REQUEST', {
          method: 'eth_signTypedData_v4',
          params: [address, data],
        }),
      [user.address, JSON.stringify(typed)] as const,
    )
    const request = frame.getByRole('region', { name: 'Typed data signature request' })
    await request.waitFor()
    expect(await request.textContent()).toContain('Hello from the frame')
    await frame.getByRole('button', { name: 'Approve' }).click()
    const signed = (await signing) as Answer
    if (!signed.ok) throw new Error(signed.error.message)
    const { EIP712Domain: _, ...types } = typed.types
    expect(
      await verifyTypedData({
        address: user.address,
        domain: typed.domain,
        types,
        primaryType: 'Mail',
        message: typed.message,
        signature: (signed.payload as { result: `0x${string}` }).result,
      }),
    ).toBe(true)

    const [to2, to3] = [devnet.accounts[2]?.address, devnet.accounts[3]?.address]
    // The rule apps are held to: each call's `to` starts with 0x.
    expect(
      await send(page, 'RPC_REQUEST', {
        method: 'wallet_sendCalls',
        params: [
          { version: '2.0.0', chainId: '0x7a69', from: user.address, calls: [{ to: 'abc' }] },
        ],
      }),
    ).toMatchObject({ ok: false, error: { code: -32602 } })
    const batch = page.evaluate(
      ([from, a, b]) =>
        window.secureClient.request('RPC_REQUEST', {
          method: 'wallet_sendCalls',
          params: [
            {
              version: '2.0.0',
              chainId: '0x7a69',
              from,
              atomicRequired: false,
              calls: [
                { to: a, value: '0x2386f26fc10000' },
                { to: b, value: '0x2386f26fc10000' },
              ],
            },
          ],
        }),
      [user.address, to2, to3] as const,
    )
    await frame.getByRole('region', { name: 'Batch of 2 calls' }).waitFor()
    await frame.getByRole('button', { name: 'Approve' }).click()
    const sent = (await batch) as Answer
    if (!sent.ok) throw new Error(sent.error.message)
    const { id } = (sent.payload as { result: { id: string } }).result
    const status = await send(page, 'RPC_REQUEST', {
      method: 'wallet_getCallsStatus',
      params: [id],
    })
    expect(status).toMatchObject({
      ok: true,
      payload: { result: { id, status: 200, atomic: false, chainId: '0x7a69' } },
    })
    const { receipts } = (status as { payload: { result: { receipts: { status: string }[] } } })
      .payload.result
    expect(receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
  })

  it('announced itself with READY and beats every 5 s', async () => {
    const notices = () => page.evaluate(() => window.secureClient.notices)
    expect((await notices())[0]).toEqual({
      channel: 'portico-secure',
      type: '@portico-frame/READY',
      payload: { version: 4, chainId: 31337 },
    })
    // This page has been open for a few seconds of the tests above; the first beat comes 5 s in.
    await expect
      .poll(async () => (await notices()).filter((n) => n.type === '@portico-frame/HEARTBEAT'), {
        timeout: 8_000,
      })
      .toContainEqual({
        channel: 'portico-secure',
        type: '@portico-frame/HEARTBEAT',
        payload: { sequence: 0 },
      })
  })

  it('reconnects after a reload without a code, and ignores messages from other windows', async () => {
    const mails = (await inbox()).length
    await page.goto(`${allowed.origin}/?foreign`)
    await page.evaluate(() => window.secureClient.ready)
    expect(await send(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: true } })
    expect(await send(page, 'GET_USER')).toEqual({ ok: true, payload: { user } })
    expect(await inbox()).toHaveLength(mails)

    // Another window on an allowed origin, not the frame's parent, posts frame-shaped events:
    // to the frame (SIGN_OUT) and to the app (a fake answer).
    const foreign = page.frames().find((f) => f.url().endsWith('/foreign'))
    if (!foreign) throw new Error('no foreign frame')
    await foreign.evaluate((secureOrigin) => {
      const secure = window.parent.frames[0] as Window
      secure.postMessage(
        { channel: 'portico-secure', id: 'evil-1', type: '@portico-app/SIGN_OUT', payload: {} },
        secureOrigin,
      )
      window.parent.postMessage(
        {
          channel: 'portico-secure',
          id: 'req-1',
          type: '@portico-frame/IS_CONNECTED_SUCCESS',
          payload: { isConnected: false },
        },
        '*',
      )
    }, devnet.secureSiteUrl)
    const frame = secureFrame(page)
    await expect
      .poll(() => frame.evaluate(() => window.porticoSecureFrame?.stats().ignored))
      .toBe(1)
    await expect.poll(() => page.evaluate(() => window.secureClient.ignored)).toBe(1)
    expect(await send(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: true } })

    // RELOAD: answered, then the frame reloads, announces itself again and is still signed in.
    const readies = () =>
      page.evaluate(
        () => window.secureClient.notices.filter((n) => n.type === '@portico-frame/READY').length,
      )
    const before = await readies()
    expect(await send(page, 'RELOAD')).toEqual({ ok: true, payload: {} })
    await expect.poll(readies).toBeGreaterThan(before)
    expect(await send(page, 'GET_USER')).toEqual({ ok: true, payload: { user } })
  })

  it('signs out', async () => {
    expect(await send(page, 'SIGN_OUT')).toEqual({ ok: true, payload: {} })
    expect(await send(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: false } })
    await page.reload()
    await page.evaluate(() => window.secureClient.ready)
    expect(await send(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: false } })
    expect(
      await send(page, 'RPC_REQUEST', {
        method: 'eth_sendTransaction',
        params: [{ to: user.address, value: '0x1' }],
      }),
    ).toEqual({ ok: false, error: { message: 'Action not allowed', code: 4100 } })
  })

  it('a fresh browser logs in with a new code and gets the same address', async () => {
    const other = await openApp(await newContext())
    const again = await logIn(other)
    expect(again.address).toBe(user.address)
    expect(
      await send(other, 'RPC_REQUEST', {
        method: 'eth_getBalance',
        params: [user.address, 'latest'],
      }),
    ).toMatchObject({ ok: true })

    // Changing the email: a code to the current address, then one to the new one.
    const newEmail = 'grace.new@example.org'
    const before = (await inbox()).length
    expect(await send(other, 'UPDATE_EMAIL', { email: newEmail })).toEqual({
      ok: true,
      payload: { action: 'VERIFY_PRIMARY_OTP' },
    })
    const primary = /Your code is (\d{6})/.exec((await mailAfter(before, /code/)).text)?.[1]
    expect(await send(other, 'UPDATE_EMAIL_PRIMARY_OTP', { otp: primary })).toEqual({
      ok: true,
      payload: { action: 'VERIFY_SECONDARY_OTP' },
    })
    const secondaryMail = await eventually(async () => {
      const response = await fetch(`${devnet.secureSiteUrl}/api/inbox?address=${newEmail}`)
      return ((await response.json()) as { messages: InboxMessage[] }).messages[0]
    }, 'mail to the new address')
    const secondary = /Your code is (\d{6})/.exec(secondaryMail.text)?.[1]
    expect(await send(other, 'UPDATE_EMAIL_SECONDARY_OTP', { otp: secondary })).toEqual({
      ok: true,
      payload: { email: newEmail },
    })
    expect(await send(other, 'GET_USER')).toMatchObject({
      ok: true,
      payload: { user: { email: newEmail, address: user.address } },
    })
  })

  it('lists the mail per address in the Devnet Inbox', async () => {
    const context = await newContext()
    const inboxPage = await context.newPage()
    await inboxPage.goto(`${devnet.secureSiteUrl}/inbox`)
    await inboxPage.getByRole('heading', { name: 'Devnet Inbox', level: 1 }).waitFor()
    const addresses = inboxPage.getByRole('region', { name: 'Addresses' })
    expect(await addresses.getByRole('link').allTextContents()).toEqual([
      'grace.new@example.org',
      email,
    ])
    await addresses.getByRole('link', { name: email }).click()
    const messages = inboxPage.getByRole('region', { name: `Messages to ${email}` })
    await messages.waitFor()
    const subjects = await messages.getByRole('article').getByRole('heading').allTextContents()
    expect(subjects.filter((s) => s === 'Approve sign-in from a new device')).toHaveLength(2)
    expect(subjects.filter((s) => /^Your Portico devnet code: \d{6}$/.test(s)).length).toBe(3)
    // The device link in a mail is a link to the secure site.
    const deviceMail = messages
      .getByRole('article')
      .filter({
        has: inboxPage.getByRole('heading', { name: 'Approve sign-in from a new device' }),
      })
      .first()
    expect(await deviceMail.getByRole('link').getAttribute('href')).toMatch(
      new RegExp(`^${devnet.secureSiteUrl}/device\\?token=`),
    )
  })

  it('cannot be embedded by a page on an origin that is not allowed', async () => {
    const context = await newContext()
    const outsider = await context.newPage()
    const refusals: string[] = []
    outsider.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text())
    })
    await outsider.goto(`${refused.origin}/`)
    await expect.poll(() => refusals.length, { timeout: 15_000 }).toBeGreaterThan(0)
    const frame = outsider.frames().find((f) => f !== outsider.mainFrame())
    expect(frame?.url()).not.toContain('/sdk')
    expect(await outsider.evaluate(() => window.secureClient.notices.length)).toBe(0)
  })
})
