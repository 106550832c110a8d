import { type Devnet, startDevnet } from '@portico/devnet'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { launchBrowser, type StartedBrowser } from './browser.js'
import { type StartedExample, startExample } from './example.js'

export type Stack = {
  devnet: Devnet
  browser: Browser
  example: StartedExample
  close(): Promise<void>
}

/**
 * A devnet on free ports, an example served by Vite and wired to it (the example's own
 * `porticoDevnet()` plugin reads PORTICO_DEVNET), and Chromium.
 */
export async function startStack(exampleName: string): Promise<Stack> {
  const devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0] } })
  process.env.PORTICO_DEVNET = JSON.stringify(devnet.info())
  let browser: StartedBrowser | undefined
  let example: StartedExample | undefined
  try {
    ;[browser, example] = await Promise.all([launchBrowser(), startExample(exampleName)])
  } catch (error) {
    await Promise.all([browser?.close(), example?.close(), devnet.stop()])
    throw error
  }
  return {
    devnet,
    browser: browser.browser,
    example,
    async close() {
      await browser?.close()
      await example?.close()
      await devnet.stop()
    },
  }
}

/** A fresh browser profile (empty storage) with a page that records what it asks the API. */
export async function openPage(stack: Stack): Promise<{
  context: BrowserContext
  page: Page
  apiRequests: Request[]
}> {
  const context = await stack.browser.newContext()
  const page = await context.newPage()
  const apiRequests: Request[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(stack.devnet.apiUrl)) apiRequests.push(request)
  })
  return { context, page, apiRequests }
}

/** The Devnet Wallet's own UI (a shadow root, like an extension popup). */
export function devnetWallet(page: Page) {
  return page.locator('#portico-devnet-wallet')
}
