import type { BrowserContext, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

let stack: Stack
let context: BrowserContext
let page: Page
let apiRequests: Request[]

beforeAll(async () => {
  stack = await startStack('hooks')
  ;({ context, page, apiRequests } = await openPage(stack))
})

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

const wallet = () => devnetWallet(page)
const output = (label: string) => page.getByRole('main').getByLabel(label).textContent()

describe('the same journey with hooks and plain HTML', () => {
  it('loads without a request to the API and connects', async () => {
    await page.goto(stack.example.url)
    const connect = page.getByRole('main').getByRole('button', { name: 'Devnet Wallet' })
    await connect.waitFor()
    await page.waitForLoadState('networkidle')
    expect(apiRequests).toEqual([])
    await connect.click()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => output('Address')).toBe(stack.devnet.accounts[0]!.address)
    await expect.poll(() => output('Balance')).toBe('10000 ETH')
    await page.getByRole('table', { name: 'Tokens' }).getByRole('cell', { name: 'USDC' }).waitFor()
  })

  it('stays connected after a reload', async () => {
    await page.reload()
    await expect.poll(() => output('Status')).toBe('connected')
    await expect.poll(() => output('Address')).toBe(stack.devnet.accounts[0]!.address)
  })

  it('switches network, and reports an unlisted chain chosen in the wallet', async () => {
    await page
      .getByRole('group', { name: 'Switch network' })
      .getByRole('button', { name: 'Devnet L2' })
      .click()
    await expect.poll(() => output('Network')).toBe('Devnet L2')
    const select = wallet().getByLabel('Network')
    if (!(await select.isVisible()))
      await wallet().getByRole('button', { name: 'Dev wallet' }).click()
    await select.selectOption({ label: 'Devnet Unlisted (31339)' })
    await page
      .getByRole('alert')
      .getByText(/unsupported network \(eip155:31339\)/)
      .waitFor()
  })

  it('offers a retry after a Reject, and disconnects', async () => {
    await page.getByRole('main').getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => output('Status')).toBe('disconnected')
    await page.getByRole('main').getByRole('button', { name: 'Devnet Wallet' }).click()
    await wallet().getByRole('button', { name: 'Reject' }).click()
    await page.getByRole('alert').getByText('You declined the connection.').waitFor()
    await page.getByRole('main').getByRole('button', { name: 'Try again' }).click()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => output('Status')).toBe('connected')
  })
})
