import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPage, type Stack, startStack } from './support/stack.js'

// The WalletConnect view when the relay is down, then back: an error with Retry instead of an
// empty QR code for ever, and a Retry that pairs once the relay answers again.

let stack: Stack
let context: BrowserContext
let page: Page

beforeAll(async () => {
  stack = await startStack('modal')
  ;({ context, page } = await openPage(stack))
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(stack.example.url).origin,
  })
})

afterAll(async () => {
  stack?.devnet.relay.restore()
  await context?.close()
  await stack?.close()
})

const dialog = (name: string) => page.getByRole('dialog', { name })
const shown = (label: string) =>
  page.getByRole('region', { name: 'Connection' }).getByLabel(label).textContent()

describe('WalletConnect with the relay down', () => {
  it('shows an error with Retry within 20 s when the relay refuses the socket', async () => {
    stack.devnet.relay.refuse()
    await page.goto(stack.example.url)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const opened = Date.now()
    await dialog('Connect wallet')
      .getByRole('button', { name: 'WalletConnect', exact: true })
      .click()
    const wc = dialog('WalletConnect')
    const alert = wc.getByRole('alert')
    await alert.waitFor({ timeout: 20_000 })
    expect(Date.now() - opened).toBeLessThan(20_000)
    expect(await alert.textContent()).toBe(
      'The connection failed.WalletConnect cannot reach its relay. Check your connection and try again',
    )
    await wc.getByRole('button', { name: 'Try again' }).waitFor()
    expect(await wc.getByRole('img', { name: 'QR code to scan with your wallet' }).count()).toBe(0)
    // The page's client tried the relay and was turned away.
    expect(stack.devnet.relay.stats().turnedAway).toBeGreaterThan(0)
  })

  it('with the relay back, Retry shows a QR code that pairs with the Devnet Mobile Wallet', async () => {
    stack.devnet.relay.restore()
    const wc = dialog('WalletConnect')
    await wc.getByRole('button', { name: 'Try again' }).click()
    await wc.getByRole('img', { name: 'QR code to scan with your wallet' }).waitFor()
    expect(await wc.getByRole('alert').count()).toBe(0)

    await wc.getByRole('button', { name: 'Copy link' }).click()
    const uri = await page.evaluate(() => navigator.clipboard.readText())
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    const phone = await context.newPage()
    await phone.goto(`${stack.devnet.mobileWalletUrl}?uri=${encodeURIComponent(uri)}`)
    const request = phone.getByRole('region', { name: 'Connection request' })
    await request.getByText('Portico modal example').waitFor()
    await request.getByRole('button', { name: 'Approve' }).click()

    await wc.waitFor({ state: 'detached' })
    await expect.poll(() => shown('Status')).toBe('connected')
    await expect.poll(() => shown('Address')).toBe(stack.devnet.accounts[0]!.address)
    await phone.close()
  })
})
