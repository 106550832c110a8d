import type { BrowserContext, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

let stack: Stack
let context: BrowserContext
let page: Page
let apiRequests: Request[]

beforeAll(async () => {
  stack = await startStack('modal')
  ;({ context, page, apiRequests } = await openPage(stack))
})

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

const dialog = (name: string) => page.getByRole('dialog', { name })
const wallet = () => devnetWallet(page)
/** The ConnectButton once connected: "Account", then the short address and the balance. */
const accountButton = () => page.getByRole('button', { name: /^Account 0x/ })
/** What the example page itself shows about the connection. */
const shown = (label: string) =>
  page.getByRole('region', { name: 'Connection' }).getByLabel(label).textContent()

describe('connecting the Devnet Wallet with the drop-in modal', () => {
  it('loads the page without a single request to the API', async () => {
    await page.goto(stack.example.url)
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(apiRequests.map((r) => r.url())).toEqual([])
  })

  it('connects: Connect → Devnet Wallet → Approve → address and funded balance', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog('Connect wallet')
      .getByRole('button', { name: 'Devnet Wallet', exact: true })
      .click()
    await dialog('Connecting').getByText('Continue in Devnet Wallet').waitFor()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await dialog('Connect wallet').waitFor({ state: 'detached' })
    const address = stack.devnet.accounts[0]!.address
    await expect.poll(() => shown('Address')).toBe(address)
    await expect.poll(() => shown('Balance')).toBe('10000 ETH')
    // Opening the modal was the first thing to reach the API.
    expect(apiRequests.length).toBeGreaterThan(0)

    await accountButton().click()
    const account = dialog('Account')
    await account.getByText('0xf3…b92266').waitFor()
    await account.getByText('10000 ETH').waitFor()
    await page.keyboard.press('Escape')
  })

  it('is still connected after a reload, with no prompt', async () => {
    await page.reload()
    await expect.poll(() => shown('Status')).toBe('connected')
    await expect.poll(() => shown('Balance')).toBe('10000 ETH')
    expect(await wallet().getByRole('button', { name: 'Approve' }).isVisible()).toBe(false)
  })

  it('switches network from the modal', async () => {
    await accountButton().click()
    await dialog('Account').getByRole('button', { name: 'Network: Devnet' }).click()
    await dialog('Networks').getByRole('button', { name: 'Devnet L2' }).click()
    const approve = wallet().getByRole('button', { name: 'Approve' })
    // Some wallets ask before switching; the Devnet Wallet may or may not.
    if (await approve.isVisible().catch(() => false)) await approve.click()
    await dialog('Account').getByRole('button', { name: 'Network: Devnet L2' }).waitFor()
    await expect.poll(() => shown('Network')).toBe('Devnet L2')
    await page.keyboard.press('Escape')
  })

  it('shows UnsupportedChain when the wallet moves to a chain the app does not list', async () => {
    const networkSelect = wallet().getByLabel('Network')
    if (!(await networkSelect.isVisible())) {
      await wallet().getByRole('button', { name: 'Dev wallet' }).click()
    }
    await networkSelect.selectOption({ label: 'Devnet Unlisted (31339)' })
    const unsupported = dialog('Switch network')
    await unsupported.getByText(/does not support your current network/).waitFor()
    await unsupported.getByRole('button', { name: 'Devnet', exact: true }).click()
    await unsupported.waitFor({ state: 'detached' })
    await expect.poll(() => shown('Network')).toBe('Devnet')
  })

  it('disconnects back to Connect, and offers a retry after a Reject', async () => {
    await accountButton().click()
    await dialog('Account').getByRole('button', { name: 'Disconnect' }).click()
    const connect = dialog('Connect wallet')
    await connect.waitFor()
    await expect.poll(() => shown('Status')).toBe('disconnected')

    await connect.getByRole('button', { name: 'Devnet Wallet', exact: true }).click()
    await wallet().getByRole('button', { name: 'Reject' }).click()
    const connecting = dialog('Connecting')
    await connecting.getByText('Connection declined').waitFor()
    await connecting.getByRole('button', { name: 'Try again' }).click()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await connecting.waitFor({ state: 'detached' })
    await expect.poll(() => shown('Status')).toBe('connected')
  })
})
