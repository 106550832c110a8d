import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedNext, startNext } from './support/next.js'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

/**
 * `examples/nextjs` (the app router) as a Next.js user meets it: the buttons rendered from a
 * server page, the connection kept in a cookie, and the server HTML of a reload already showing
 * the account, so the browser hydrates it without a mismatch.
 */

let stack: Stack
let next: StartedNext
let context: BrowserContext
let page: Page
/** Everything the page reported as an error: console errors and uncaught exceptions. */
const errors: string[] = []

beforeAll(async () => {
  // The devnet and Chromium (the Vite example is not used); then Next, which reads PORTICO_DEVNET.
  stack = await startStack('modal')
  next = await startNext('nextjs')
  ;({ context, page } = await openPage(stack))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(String(error)))
}, 400_000)

afterAll(async () => {
  await context?.close()
  await next?.close()
  await stack?.close()
})

const accountButton = () => page.getByRole('button', { name: /^Account 0x/ })
const address = () => stack.devnet.accounts[0]!.address

describe('the Next.js example', () => {
  it('renders the buttons from a server page, disconnected, with no error', async () => {
    const html = await (await fetch(next.url)).text()
    expect(html).toContain('data-portico-connect-button=""')
    expect(html).toContain('data-status="disconnected"')
    expect(html).toContain('>Connect wallet</button>')

    await page.goto(next.url)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect wallet' }).waitFor()
    expect(errors).toEqual([])
  })

  it('connects the Devnet Wallet and keeps the connection in a cookie', async () => {
    await page
      .getByRole('dialog', { name: 'Connect wallet' })
      .getByRole('button', { name: 'Devnet Wallet', exact: true })
      .click()
    await devnetWallet(page).getByRole('button', { name: 'Approve' }).click()
    await accountButton().waitFor()
    expect(await accountButton().textContent()).toContain('0xf3…b92266')
    const cookies = await context.cookies(next.url)
    expect(
      cookies.some((cookie) =>
        cookie.value.toLowerCase().includes(address().toLowerCase().slice(2)),
      ),
    ).toBe(true)
  })

  it('sends the connected account in the server HTML of a reload', async () => {
    // The browser context's cookies, as the reload will send them.
    const response = await context.request.get(next.url)
    const html = await response.text()
    // The stored account, still "reconnecting" until the browser has asked the wallet.
    expect(html).toContain('data-status="reconnecting"')
    expect(html).toMatch(/>Account(<!-- -->)? <\/span>.*>0xf3…b92266<\/span>/)
    expect(html).not.toContain('>Connect wallet</button>')
  })

  it('reloads connected without a hydration error', async () => {
    errors.length = 0
    await page.reload()
    await accountButton().waitFor()
    // Hydrated: the button answers a click (a server-only button would not open anything).
    await accountButton().click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByText('0xf3…b92266').waitFor()
    await account.getByText('10000 ETH').waitFor()
    await page.keyboard.press('Escape')
    expect(errors.filter((text) => /hydrat|did not match|didn't match/i.test(text))).toEqual([])
    expect(errors).toEqual([])
    expect(await devnetWallet(page).getByRole('button', { name: 'Approve' }).isVisible()).toBe(
      false,
    )
  })

  it('renders disconnected again after disconnecting (the cookie is cleared)', async () => {
    await accountButton().click()
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: 'Disconnect' })
      .click()
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
    const html = await (await context.request.get(next.url)).text()
    expect(html).toContain('data-status="disconnected"')
    expect(errors).toEqual([])
  })
})
