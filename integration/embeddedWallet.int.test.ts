import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMemoryStorage, type PorticoClient, type StorageAdapter } from '@portico/core'
import {
  authFeature,
  buildClient,
  FEATURES,
  type FrameHost,
  type FrameMessageEvent,
  type MountedFrame,
} from '@portico/core/test-seams'
import { type Devnet, startDevnet } from '@portico/devnet'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { launchBrowser, type StartedBrowser } from '../e2e/support/browser.js'

/*
 * The SDK runs here, in Node; its secure frame is the devnet's real `/sdk` page in Chromium,
 * inside a page served from an allowed origin. Messages cross the real postMessage of the
 * browser: the page hands every message it receives to Node with its real `origin`, and whether
 * its real `source` was the frame's window, so the SDK's origin and source checks run on what
 * the browser says.
 */

type InboxMessage = { subject: string; text: string; receivedAt: string }

let devnet: Devnet
let started: StartedBrowser
let browser: Browser
let hostServer: Server
let foreignServer: Server
let hostUrl = ''
let foreignUrl = ''
const clients: PorticoClient[] = []
const pages: Page[] = []

const PAGE = '<!doctype html><html><head><title>host</title></head><body></body></html>'

/**
 * A page that keeps posting frame-shaped messages to its parent: READY, and a success for every
 * id the SDK may be waiting on (CONNECT_EMAIL as already signed in, IS_CONNECTED true). An SDK
 * that skipped the origin check would take them before the real frame's slower answers.
 */
const FOREIGN_PAGE = `<!doctype html><html><head><title>foreign</title></head><body><script>
const post = (message) => parent.postMessage(Object.assign({ channel: 'portico-secure' }, message), '*')
setInterval(() => {
  post({ type: '@portico-frame/READY', payload: { version: 4, chainId: 31337 } })
  for (let n = 1; n <= 6; n++) {
    const id = 'portico-' + n
    post({ id, type: '@portico-frame/CONNECT_EMAIL_SUCCESS', payload: { action: 'CONNECT' } })
    post({ id, type: '@portico-frame/IS_CONNECTED_SUCCESS', payload: { isConnected: true } })
  }
}, 250)
</script></body></html>`

function serve(html: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ server, url: `http://127.0.0.1:${port}/` })
    }),
  )
}

beforeAll(async () => {
  ;[devnet, started] = await Promise.all([
    startDevnet({ ports: { api: 0, chains: [0, 0, 0] } }),
    launchBrowser(),
  ])
  browser = started.browser
  ;({ server: hostServer, url: hostUrl } = await serve(PAGE))
  ;({ server: foreignServer, url: foreignUrl } = await serve(FOREIGN_PAGE))
}, 120_000)

afterAll(async () => {
  for (const client of clients) client.destroy()
  await started?.close()
  await new Promise((resolve) => hostServer?.close(resolve))
  await new Promise((resolve) => foreignServer?.close(resolve))
  await devnet?.stop()
})

afterEach(async () => {
  vi.useRealTimers()
  for (const page of pages.splice(0)) await page.close()
})

/**
 * A FrameHost whose iframe lives in a Chromium page of `hostUrl`: `mount` appends the iframe
 * there, the frame's window posts through the page, and every message the page receives comes
 * back with its origin and a source that is the mounted window only when the browser's
 * `event.source` was the iframe's window.
 */
async function chromiumHost(): Promise<{
  host: FrameHost
  page: Page
  sent: unknown[]
  fromFrame: unknown[]
}> {
  const page = await browser.newPage()
  pages.push(page)
  const listeners = new Set<(event: FrameMessageEvent) => void>()
  const sent: unknown[] = []
  /** What the mounted iframe's window posted to the page, as the browser delivered it. */
  const fromFrame: unknown[] = []
  let mounted: MountedFrame | undefined
  const elsewhere = { postMessage() {} }
  await page.exposeBinding(
    '__toNode',
    (_source, message: { data: unknown; origin: string; fromFrame: boolean }) => {
      if (message.fromFrame) fromFrame.push(message.data)
      const event = {
        data: message.data,
        origin: message.origin,
        source: message.fromFrame ? mounted?.window : elsewhere,
      }
      for (const listener of listeners) listener(event)
    },
  )
  await page.goto(hostUrl)
  await page.evaluate(() => {
    window.addEventListener('message', (event) => {
      const frame = document.getElementById('portico-secure') as HTMLIFrameElement | null
      ;(window as unknown as { __toNode: (m: unknown) => void }).__toNode({
        data: event.data,
        origin: event.origin,
        fromFrame: frame !== null && event.source === frame.contentWindow,
      })
    })
  })
  const host: FrameHost = {
    mount(src) {
      void page.evaluate((url) => {
        const iframe = document.createElement('iframe')
        iframe.id = 'portico-secure'
        iframe.src = url
        document.body.appendChild(iframe)
      }, src)
      const window = {
        postMessage(message: unknown, targetOrigin: string) {
          sent.push(message)
          void page
            .evaluate(
              ([m, origin]) => {
                const frame = document.getElementById('portico-secure') as HTMLIFrameElement
                frame.contentWindow?.postMessage(m, origin as string)
              },
              [message, targetOrigin] as const,
            )
            .catch(() => undefined)
        },
      }
      mounted = {
        window,
        place() {},
        remove() {
          void page
            .evaluate(() => document.getElementById('portico-secure')?.remove())
            .catch(() => undefined)
        },
      }
      return mounted
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    isVisible: () => true,
  }
  return { host, page, sent, fromFrame }
}

function createClient(host: FrameHost, storage: StorageAdapter = createMemoryStorage()) {
  const built = buildClient(FEATURES, {
    projectId: 'devnet-project',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    storage,
    logLevel: 'silent',
    apiUrls: {
      blockchain: devnet.apiUrl,
      toolkit: devnet.apiUrl,
      pulse: devnet.apiUrl,
      secureSite: devnet.secureSiteUrl,
    },
  })
  built.use(authFeature).useHost(host)
  clients.push(built.client)
  return built.client
}

async function inbox(address: string): Promise<InboxMessage[]> {
  const url = new URL('/api/inbox', devnet.secureSiteUrl)
  url.searchParams.set('address', address)
  const response = await fetch(url)
  expect(response.status).toBe(200)
  return ((await response.json()) as { messages: InboxMessage[] }).messages
}

/** Polls the devnet inbox (deadline 20 s) for the newest mail whose subject matches. */
async function mail(address: string, subject: RegExp): Promise<InboxMessage> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const found = (await inbox(address)).find((m) => subject.test(m.subject))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail matching ${subject}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Approves the device as a person would: opens the link from the mail and presses the button. */
async function approveDevice(address: string) {
  const { text } = await mail(address, /^Approve sign-in from a new device$/)
  const link = new URL(/https?:\/\/\S+\/device\?token=\S+/.exec(text)![0])
  const page = await browser.newPage()
  pages.push(page)
  await page.goto(link.href)
  await page.getByRole('button', { name: 'Approve device' }).click()
  await page.waitForLoadState()
}

async function waitFor(check: () => boolean, what: string) {
  const deadline = Date.now() + 30_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** An email login as a person does it: the device link, then the code, both from the inbox. */
async function loginByEmail(client: PorticoClient, email: string) {
  expect(await client.auth.connectEmail(email)).toBe('device')
  await approveDevice(email)
  await waitFor(() => client.auth.$login.get().step === 'otp', 'the code step')
  const { text } = await mail(email, /^Your Portico devnet code: \d{6}$/)
  return client.auth.verifyOtp(/\b(\d{6})\b/.exec(text)![1]!)
}

/** Decides the approval the secure frame shows in the host page, as the person would. */
async function decideInFrame(page: Page, client: PorticoClient, button: 'Approve' | 'Reject') {
  await waitFor(() => client.auth.$frame.get().approval !== undefined, 'the approval')
  // A real click: Approve works only once the approval has been seen whole for a moment, so
  // Playwright's click waits for it to be enabled.
  await page.frameLocator('iframe').getByRole('button', { name: button }).click({ timeout: 10_000 })
}

describe('the embedded wallet against the devnet secure site, in Chromium', () => {
  it('email login end to end: device link and code from the devnet mailbox, a funded wallet', async () => {
    const email = `int-${Date.now()}@example.com`
    const { host } = await chromiumHost()
    const client = createClient(host)

    expect(await client.auth.connectEmail(email)).toBe('device')
    expect(client.auth.$frame.get().status).toBe('ready')
    await approveDevice(email)
    await waitFor(() => client.auth.$login.get().step === 'otp', 'the code step')

    const { text } = await mail(email, /^Your Portico devnet code: \d{6}$/)
    const code = /\b(\d{6})\b/.exec(text)![1]!
    // A wrong code first: the frame says so, with the tries left, and the login stays on the code.
    const wrong = code === '000000' ? '111111' : '000000'
    await expect(client.auth.verifyOtp(wrong)).rejects.toMatchObject({
      details: { message: { key: 'auth.error.invalidCodeTries', params: { count: 2 } } },
    })
    expect(client.auth.$login.get().step).toBe('otp')

    const connected = await client.auth.verifyOtp(code)
    expect(client.connection.$status.get()).toBe('connected')
    const user = client.auth.$user.get()!
    expect(user.email).toBe(email)
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(connected.address.toLowerCase()).toBe(user.address.toLowerCase())
    expect(connected.caipAddress.toLowerCase()).toBe(`eip155:31337:${user.address.toLowerCase()}`)
    expect(connected.connector.type).toBe('AUTH')
    expect(client.connection.$address.get()?.toLowerCase()).toBe(user.address.toLowerCase())

    // The new account was funded with 10 devnet ETH: read from the chain, not from the frame.
    const chain = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    expect(await chain.getBalance({ address: user.address })).toBe(parseEther('10'))

    // A read-only call through the connector is answered by the frame from the chain.
    const provider = client.connectors.$connectors
      .get()
      .find((connector) => connector.id === 'auth')?.provider
    if (!provider) throw new Error('the auth connector is not listed')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    const balance = await provider.request({
      method: 'eth_getBalance',
      params: [user.address, 'latest'],
    })
    expect(BigInt(balance as string)).toBe(parseEther('10'))
    // A method outside the allowed list is refused with the spec's message.
    await expect(provider.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({
      code: 'RPC_NOT_ALLOWED',
      message: 'Requested RPC call is not allowed',
    })

    // Another email login within 30 s: the exact message, nothing sent.
    const before = (await inbox(email)).length
    const cooldown = await client.auth.connectEmail(email).catch((e: unknown) => e)
    expect(String((cooldown as Error).message)).toMatch(
      /^Please try again after (\d|[12]\d|30) seconds$/,
    )
    expect((await inbox(email)).length).toBe(before)

    await client.connection.disconnect()
    expect(client.auth.$user.get()).toBeUndefined()
  }, 120_000)

  it('ignores every frame-shaped message from a foreign origin', async () => {
    const { host, page } = await chromiumHost()
    const client = createClient(host)
    // A foreign page inside the host page: it claims READY and answers every id.
    await page.evaluate((url) => {
      const iframe = document.createElement('iframe')
      iframe.src = url
      document.body.appendChild(iframe)
    }, foreignUrl)
    const login = client.auth.connectEmail(`foreign-${Date.now()}@example.com`)
    await page.evaluate((url) => {
      const iframe = document.createElement('iframe')
      iframe.src = url
      document.body.appendChild(iframe)
    }, foreignUrl)
    // The real frame answers: a new user on a new device gets the device link, never CONNECT.
    expect(await login).toBe('device')
    expect(client.auth.$user.get()).toBeUndefined()
    expect(client.connection.$status.get()).toBe('disconnected')
    client.auth.resetLogin()
  }, 60_000)

  it('a frame on another origin that never answers: its READY is ignored; after 20 s the alert, a clear error, a clean state', async () => {
    const { host, page, sent, fromFrame } = await chromiumHost()
    // The iframe loads the foreign page instead of the secure site: its window is the mounted
    // one (the source check passes), its origin is not the secure site's, and it keeps saying
    // READY and answering every id.
    const silent: FrameHost = { ...host, mount: () => host.mount(foreignUrl) }
    // Only the SDK's timers are faked; the browser's messages still arrive through I/O.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const client = createClient(silent)
    const attempt = client.auth.connectEmail(`silent-${Date.now()}@example.com`).catch((e) => e)
    const deadline = Date.now() + 20_000
    while (fromFrame.length < 20) {
      if (Date.now() > deadline) throw new Error('the foreign frame posted nothing')
      await new Promise((resolve) => setImmediate(resolve))
    }
    await vi.advanceTimersByTimeAsync(19_900)
    expect(client.auth.$frame.get().status).toBe('loading')
    expect(client.auth.$login.get().isPending).toBe(true)
    await vi.advanceTimersByTimeAsync(200)
    const error = (await attempt) as { code: string; message: string }
    expect(error.code).toBe('EMAIL_DEPENDENCY_LOAD_FAILED')
    expect(error.message).toBe('Unable to load email login dependency')
    expect(client.auth.$frame.get().status).toBe('failed')
    expect(client.auth.$login.get()).toMatchObject({ step: 'email', isPending: false })
    expect(client.auth.$user.get()).toBeUndefined()
    expect(client.alerts.$alerts.get().map((a) => a.code)).toContain('IFRAME_LOAD_FAILED')
    // Nothing was ever posted to a frame that did not say READY from the secure origin.
    expect(sent).toEqual([])
    vi.useRealTimers()
    await expect.poll(() => page.locator('iframe').count(), { timeout: 10_000 }).toBe(0)
  }, 60_000)
  it("the app's own calls go through the frame's approval: a mined transfer, a signature that verifies, a closed modal refuses", async () => {
    const { host, page } = await chromiumHost()
    const client = createClient(host)
    await loginByEmail(client, `calls-${Date.now()}@example.com`)
    const address = client.connection.$address.get()!
    const chain = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const to = devnet.accounts[2]!.address

    const sent = client.wallet.sendTransaction({ to, value: parseEther('0.5') })
    await waitFor(() => client.auth.$frame.get().approval !== undefined, 'the approval')
    expect(client.modal.$view.get().view).toBe('ApproveTransaction')
    // One request waiting for the user, the frame's (the app's call is not counted twice).
    expect(client.requests.$pending.get().map((r) => r.method)).toEqual(['eth_sendTransaction'])
    await decideInFrame(page, client, 'Approve')
    const { hash, receipt } = await sent
    expect(receipt.status).toBe('success')
    const mined = await chain.getTransaction({ hash })
    expect(mined.from.toLowerCase()).toBe(address.toLowerCase())
    expect(mined.value).toBe(parseEther('0.5'))

    const signing = client.wallet.signMessage({ message: 'from the email wallet' })
    await decideInFrame(page, client, 'Approve')
    const signature = (await signing) as `0x${string}`
    expect(
      await chain.verifyMessage({
        address: address as `0x${string}`,
        message: 'from the email wallet',
        signature,
      }),
    ).toBe(true)

    // Caught at once: the refusal can arrive while Playwright's click is still returning.
    const refused = client.wallet.signMessage({ message: 'no' }).catch((e: unknown) => e)
    await decideInFrame(page, client, 'Reject')
    expect(await refused).toMatchObject({ code: 'USER_REJECTED' })

    // The user closes the modal while the approval waits: the call is refused, and the provider
    // says 4001 (the person declined).
    const provider = await client.wallet.getProvider()
    const closed = provider
      .request({ method: 'personal_sign', params: ['0x6869', address] })
      .catch((e: unknown) => e)
    await waitFor(() => client.auth.$frame.get().approval !== undefined, 'the approval')
    client.modal.close()
    expect(await closed).toMatchObject({ code: 4001 })
  }, 120_000)
})
