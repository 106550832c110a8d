import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPage, type Stack, startStack } from './support/stack.js'

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
  await context?.close()
  await stack?.close()
})

const dialog = (name: string) => page.getByRole('dialog', { name })
const shown = (label: string) =>
  page.getByRole('region', { name: 'Connection' }).getByLabel(label).textContent()

describe('WalletConnect with the Devnet Mobile Wallet', () => {
  it('finds the wallet in All Wallets and shows its QR view', async () => {
    await page.goto(stack.example.url)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog('Connect wallet')
      .getByRole('button', { name: /^All wallets/ })
      .click()
    const all = dialog('All wallets')
    await all.getByText(/^\d+ wallets$/).waitFor()
    await all.getByRole('searchbox', { name: 'Search wallets' }).fill('mobile')
    await all.getByRole('button', { name: 'Devnet Mobile Wallet' }).click()
    const wc = dialog('WalletConnect')
    await wc.getByRole('img', { name: 'QR code to scan with your wallet' }).waitFor()
    expect(await wc.getByRole('tab').allTextContents()).toEqual(['QR code', 'Mobile', 'Web app'])
  })

  it('pairs through the link copied from the modal, approved on the wallet page', async () => {
    await dialog('WalletConnect').getByRole('button', { name: 'Copy link' }).click()
    const uri = await page.evaluate(() => navigator.clipboard.readText())
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

    const phone = await context.newPage()
    await phone.goto(`${stack.devnet.mobileWalletUrl}?uri=${encodeURIComponent(uri)}`)
    const request = phone.getByRole('region', { name: 'Connection request' })
    await request.getByText('Portico modal example').waitFor()
    await request.getByRole('button', { name: 'Approve' }).click()

    await dialog('WalletConnect').waitFor({ state: 'detached' })
    await expect.poll(() => shown('Address')).toBe(stack.devnet.accounts[0]!.address)
    await expect.poll(() => shown('Balance')).toBe('10000 ETH')
    await phone.close()
  })

  it('is still connected after a reload, without a new QR code', async () => {
    await page.reload()
    await expect.poll(() => shown('Status')).toBe('connected')
    await expect.poll(() => shown('Address')).toBe(stack.devnet.accounts[0]!.address)
  })

  it('disconnects', async () => {
    // The ConnectButton once connected: "Account", the short address and the balance.
    await page.getByRole('button', { name: /^Account 0x/ }).click()
    await dialog('Account').getByRole('button', { name: 'Disconnect' }).click()
    await dialog('Connect wallet').waitFor()
    await expect.poll(() => shown('Status')).toBe('disconnected')
  })

  it('pairs again in the same page after a disconnect: a new QR code, approved, connected', async () => {
    // Twice without a reload: a finished pairing must not hold back the next one.
    for (const round of [1, 2]) {
      if (round === 2) {
        await page.getByRole('button', { name: /^Account 0x/ }).click()
        await dialog('Account').getByRole('button', { name: 'Disconnect' }).click()
        await expect.poll(() => shown('Status')).toBe('disconnected')
      } else if (!(await dialog('Connect wallet').isVisible())) {
        await page.getByRole('button', { name: 'Connect wallet' }).click()
      }
      await dialog('Connect wallet')
        .getByRole('button', { name: /^All wallets/ })
        .click()
      const all = dialog('All wallets')
      await all.getByRole('searchbox', { name: 'Search wallets' }).fill('mobile')
      await all.getByRole('button', { name: 'Devnet Mobile Wallet' }).click()
      const wc = dialog('WalletConnect')
      await wc.getByRole('img', { name: 'QR code to scan with your wallet' }).waitFor()
      await wc.getByRole('button', { name: 'Copy link' }).click()
      const uri = await page.evaluate(() => navigator.clipboard.readText())
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      const phone = await context.newPage()
      await phone.goto(`${stack.devnet.mobileWalletUrl}?uri=${encodeURIComponent(uri)}`)
      await phone
        .getByRole('region', { name: 'Connection request' })
        .getByRole('button', { name: 'Approve' })
        .click()
      await wc.waitFor({ state: 'detached' })
      await expect.poll(() => shown('Status')).toBe('connected')
      await phone.close()
    }
  })
})
