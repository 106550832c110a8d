import type { BrowserContext, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

// One user intent, one wallet prompt: a double click on Send or on Register name asks the wallet
// once, the chain sees one transaction and the name service one registration.

let stack: Stack
let context: BrowserContext
let page: Page
let apiRequests: Request[]

beforeAll(async () => {
  stack = await startStack('modal')
  ;({ context, page, apiRequests } = await openPage(stack))
  await page.goto(stack.example.url)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page
    .getByRole('dialog', { name: 'Connect wallet' })
    .getByRole('button', { name: 'Devnet Wallet', exact: true })
    .click()
  await devnetWallet(page).getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
})

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

const dialog = (name: string) => page.getByRole('dialog', { name })
const wallet = () => devnetWallet(page)
/** The wallet's toolbar button: "Dev wallet", with the number of waiting requests when any. */
const walletButton = () => wallet().locator('button.toggle')
/** The request the wallet shows, with "1 of N requests" when more wait behind it. */
const walletRequest = () => wallet().getByRole('group')

async function transactionCount(address: string): Promise<number> {
  const response = await fetch(stack.devnet.chains[0]!.rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getTransactionCount',
      params: [address, 'latest'],
    }),
  })
  const { result } = (await response.json()) as { result: string }
  return Number(result)
}

/** The Account view: open already after a send, else from the ConnectButton. */
async function openAccount() {
  const account = dialog('Account')
  // The ConnectButton once connected: "Account", the short address and the balance.
  if (!(await account.isVisible())) await page.getByRole('button', { name: /^Account 0x/ }).click()
  return account
}

describe('a double click asks the wallet once', () => {
  it('Send: one request in the Devnet Wallet, one transaction on the chain', async () => {
    const from = stack.devnet.accounts[0]!.address
    const nonce = await transactionCount(from)
    const account = await openAccount()
    await account
      .getByRole('navigation', { name: 'Wallet actions' })
      .getByRole('button', { name: 'Send' })
      .click()
    const send = dialog('Send')
    await send.getByRole('button', { name: 'Select a token' }).click()
    await dialog('Select token').getByRole('button', { name: 'USDC', exact: true }).click()
    await send.getByRole('button', { name: 'Token: USDC' }).waitFor()
    await send.getByLabel('Amount').fill('3')
    await send.getByLabel('To (address or name)').fill(stack.devnet.accounts[1]!.address)
    await send.getByRole('button', { name: 'Review' }).click()
    const review = dialog('Review send')
    await review.getByText('3 USDC').waitFor()

    await review.getByRole('button', { name: 'Send' }).dblclick()
    await walletRequest().waitFor()
    expect(
      await wallet()
        .getByText(/of \d+ requests/)
        .count(),
    ).toBe(0)
    await wallet().getByRole('button', { name: 'Approve' }).click()

    await page
      .getByRole('status', { name: 'Notifications' })
      .getByText(/^Sent 3 USDC · 0x/)
      .waitFor()
    // Mined and reported: a second request, had there been one, would be waiting by now.
    expect(await walletButton().textContent()).toBe('Dev wallet')
    expect(await walletRequest().isHidden()).toBe(true)
    expect(await transactionCount(from)).toBe(nonce + 1)
  })

  it('Register name: one signature request, one registration', async () => {
    const address = stack.devnet.accounts[0]!.address
    const before = stack.devnet.names.namesOf(address).length
    const account = await openAccount()
    await account.getByRole('button', { name: 'Choose a name' }).click()
    const choose = dialog('Choose a name')
    await choose.getByLabel('Name').fill('doubleclick')
    await choose.getByText('Available').waitFor()

    await choose.getByRole('button', { name: 'Register name' }).dblclick()
    await walletRequest().waitFor()
    expect(
      await wallet()
        .getByText(/of \d+ requests/)
        .count(),
    ).toBe(0)
    await wallet().getByRole('button', { name: 'Approve' }).click()

    await dialog('Name registered').getByText('doubleclick.reown.id is yours.').waitFor()
    expect(await walletButton().textContent()).toBe('Dev wallet')
    const registrations = apiRequests.filter(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/v1/profile/account',
    )
    expect(registrations).toHaveLength(1)
    expect(stack.devnet.names.namesOf(address).map((n) => n.name)).toContain('doubleclick.reown.id')
    expect(stack.devnet.names.namesOf(address)).toHaveLength(before + 1)
  })
})
