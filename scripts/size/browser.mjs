// What a visitor's browser downloads before they act: the page is served gzip-compressed like a
// CDN serves it, opened in headless Chromium, and watched until it is quiet (the idle prefetch of
// the modal's code included). Nothing is clicked, hovered or focused.
import { chromium } from 'playwright-core'
import { startStaticServer } from '../bench/server.mjs'
import { CHROMIUM_ARGS, ensureChromium } from '../chromium.mjs'

/** The page is quiet when no request started for this long after load. */
const QUIET_MS = 2_500
/** Never wait longer than this for the page to be quiet. */
const CAP_MS = 30_000

/** Requests and gzip bytes (response bodies as sent) from opening `dir`'s index.html until quiet. */
export async function beforeUserActs(dir) {
  const server = await startStaticServer(dir)
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: CHROMIUM_ARGS,
  })
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    const requests = []
    let last = Date.now()
    page.on('request', () => {
      last = Date.now()
    })
    page.on('requestfinished', async (request) => {
      const sizes = await request.sizes().catch(() => undefined)
      requests.push({ url: request.url(), bytes: sizes?.responseBodySize ?? 0 })
    })
    page.on('requestfailed', (request) => {
      requests.push({ url: request.url(), bytes: 0, failed: true })
    })
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(server.url, { waitUntil: 'load' })
    const started = Date.now()
    while (Date.now() - last < QUIET_MS && Date.now() - started < CAP_MS) {
      await page.waitForTimeout(250)
    }
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`)
    const foreign = requests.filter((r) => !r.url.startsWith(server.url))
    return {
      requests: requests.length,
      bytes: requests.reduce((total, r) => total + r.bytes, 0),
      files: requests.map((r) => ({ path: r.url.replace(server.url, '/'), bytes: r.bytes })),
      foreign: foreign.map((r) => r.url),
    }
  } finally {
    await browser.close()
    await server.close()
  }
}
