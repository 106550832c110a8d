import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

let stack: Stack
let context: BrowserContext
let page: Page

beforeAll(async () => {
  stack = await startStack('modal')
  // The second account owns a name; the user sends to it by that name.
  stack.devnet.names.register('second-account.reown.id', stack.devnet.accounts[1]!.address)
  ;({ context, page } = await openPage(stack))
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

describe('send, activity and receive in the modal', () => {
  it('sends USDC to a registered name, approved in the Devnet Wallet', async () => {
    // The ConnectButton once connected: "Account", the short address and the balance.
    await page.getByRole('button', { name: /^Account 0x/ }).click()
    await dialog('Account')
      .getByRole('navigation', { name: 'Wallet actions' })
      .getByRole('button', { name: 'Send' })
      .click()
    const send = dialog('Send')
    await send.getByRole('button', { name: 'Select a token' }).click()
    await dialog('Select token').getByRole('button', { name: 'USDC', exact: true }).click()
    await send.getByRole('button', { name: 'Token: USDC' }).waitFor()
    await send.getByLabel('Amount').fill('25')
    await send.getByLabel('To (address or name)').fill('second-account.reown.id')
    await send.getByText('Sends to 0x70…dc79C8').waitFor()
    await send.getByRole('button', { name: 'Review' }).click()

    const review = dialog('Review send')
    await review.getByText('25 USDC').waitFor()
    await review.getByText(/second-account\.reown\.id/).waitFor()
    await review.getByText(/≈ .* ETH/).waitFor()
    await review.getByRole('button', { name: 'Send' }).click()
    await devnetWallet(page).getByRole('button', { name: 'Approve' }).click()

    await page
      .getByRole('status', { name: 'Notifications' })
      .getByText(/^Sent 25 USDC · 0x/)
      .waitFor()
    await dialog('Account').waitFor()
  })

  it('shows the transfer in Activity', async () => {
    await dialog('Account').getByRole('button', { name: 'Activity' }).click()
    const activity = dialog('Activity')
    const first = activity.getByRole('listitem').first()
    await first.getByText('−25 USDC').waitFor()
    expect(await first.getByText(/^To /).textContent()).toMatch(
      /^To 0x[0-9a-fA-F]{2}…[0-9a-fA-F]{6}/,
    )
    await activity.getByRole('button', { name: 'Back' }).click()
  })

  it('shows the address and its QR code in Receive', async () => {
    await dialog('Account').getByRole('button', { name: 'Receive' }).click()
    const receive = dialog('Receive')
    await receive.getByText(stack.devnet.accounts[0]!.address).waitFor()
    await receive.getByRole('img', { name: 'QR code of your address' }).waitFor()
    expect(await receive.getByRole('list', { name: 'You can receive on' }).textContent()).toBe(
      'DevnetDevnet L2',
    )
  })
})
