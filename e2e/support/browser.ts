import { type Browser, chromium } from 'playwright-core'
// @ts-expect-error: plain ESM script shared with `pnpm test`, no types
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs'

export type StartedBrowser = { browser: Browser; close(): Promise<void> }

/** Launches the system Chromium headless; Playwright gives it a fresh temporary profile. */
export async function launchBrowser(): Promise<StartedBrowser> {
  const executablePath = (findChromium as () => string | undefined)()
  if (!executablePath) {
    throw new Error('Chromium not found: run `pnpm test` (it installs it) or set PORTICO_CHROMIUM')
  }
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS as string[] })
  return { browser, close: () => browser.close() }
}
