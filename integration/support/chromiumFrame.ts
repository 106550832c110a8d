import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMemoryStorage, type PorticoClient } from '@portico/core'
import {
  authFeature,
  buildClient,
  FEATURES,
  type FrameHost,
  type FrameMessageEvent,
  type MountedFrame,
} from '@portico/core/test-seams'
import type { Devnet } from '@portico/devnet'
import type { Browser, BrowserContext, Page } from 'playwright-core'

// The SDK in Node, its secure frame the devnet's real `/sdk` page in a Chromium page of an
// allowed origin (as in embeddedWallet.int.test.ts): messages cross the browser's real
// postMessage, and the page's own scripts can do to the iframe what a hostile app would.

export const HOST_PAGE = '<!doctype html><html><head><title>host</title></head><body></body></html>'

/** The iframe's place in the host page while the tests run: big enough for the approval. */
export const FRAME_STYLE =
  'position:fixed;top:20px;left:20px;width:420px;height:560px;border:0;z-index:10'

export function serve(html: string): Promise<{ server: Server; url: string }> {
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

/** A FrameHost whose iframe (id `portico-secure`) lives in a Chromium page of `hostUrl`. */
export async function chromiumHost(
  browser: BrowserContext,
  hostUrl: string,
): Promise<{ host: FrameHost; page: Page }> {
  // Pages of one context (profile) share its storage, the frame's IndexedDB included.
  const page = await browser.newPage()
  const listeners = new Set<(event: FrameMessageEvent) => void>()
  let mounted: MountedFrame | undefined
  const elsewhere = { postMessage() {} }
  await page.exposeBinding(
    '__toNode',
    (_source, message: { data: unknown; origin: string; fromFrame: boolean }) => {
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
      void page.evaluate(
        ([url, style]) => {
          const iframe = document.createElement('iframe')
          iframe.id = 'portico-secure'
          iframe.setAttribute('style', style as string)
          iframe.src = url as string
          document.body.appendChild(iframe)
        },
        [src, FRAME_STYLE] as const,
      )
      const window = {
        postMessage(message: unknown, targetOrigin: string) {
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
  return { host, page }
}

export function createFrameClient(devnet: Devnet, host: FrameHost): PorticoClient {
  const built = buildClient(FEATURES, {
    projectId: 'devnet-project',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    storage: createMemoryStorage(),
    logLevel: 'silent',
    apiUrls: {
      blockchain: devnet.apiUrl,
      toolkit: devnet.apiUrl,
      pulse: devnet.apiUrl,
      secureSite: devnet.secureSiteUrl,
    },
  })
  built.use(authFeature).useHost(host)
  return built.client
}

/** Polls `check` every 100 ms until it holds; fails after `ms` naming what it waited for. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

type InboxMessage = { subject: string; text: string }

/** The newest mail to `address` whose subject matches (deadline 20 s). */
export async function mail(devnet: Devnet, address: string, subject: RegExp) {
  let found: InboxMessage | undefined
  await waitFor(
    async () => {
      const url = new URL('/api/inbox', devnet.secureSiteUrl)
      url.searchParams.set('address', address)
      const { messages } = (await (await fetch(url)).json()) as { messages: InboxMessage[] }
      found = messages.find((m) => subject.test(m.subject))
      return found !== undefined
    },
    `a mail to ${address} matching ${subject}`,
    20_000,
  )
  return found as InboxMessage
}

/** An email login as a person does it: the device link, then the code, both from the inbox. */
export async function loginByEmail(
  devnet: Devnet,
  browser: Browser,
  client: PorticoClient,
  email: string,
) {
  if ((await client.auth.connectEmail(email)) === 'device') {
    const { text } = await mail(devnet, email, /^Approve sign-in from a new device$/)
    const tab = await browser.newPage()
    await tab.goto(/https?:\/\/\S+\/device\?token=\S+/.exec(text)![0])
    await tab.getByRole('button', { name: 'Approve device' }).click()
    await tab.waitForLoadState()
    await tab.close()
  }
  await waitFor(() => client.auth.$login.get().step === 'otp', 'the code step')
  const { text } = await mail(devnet, email, /^Your Portico devnet code: \d{6}$/)
  return client.auth.verifyOtp(/\b(\d{6})\b/.exec(text)![1]!)
}
