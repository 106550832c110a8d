import { formatAmount } from '@portico/core'
import { DevnetToken } from '@portico/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, formatUnits, http, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

let stack: Stack
let context: BrowserContext
let page: Page
/** Scripts the page asked for, in order. */
const scripts: string[] = []

beforeAll(async () => {
  stack = await startStack('modal')
  ;({ context, page } = await openPage(stack))
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto(stack.example.url)
  await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
})

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

const dialog = (name: string) => page.getByRole('dialog', { name })
const address = () => stack.devnet.accounts[0]!.address as `0x${string}`

async function usdcOnChain(): Promise<bigint> {
  const chain = createPublicClient({ transport: http(stack.devnet.chains[0]!.rpcUrl) })
  return (await chain.readContract({
    address: stack.devnet.tokens[31337]!.usdc,
    abi: DevnetToken.abi,
    functionName: 'balanceOf',
    args: [address()],
  })) as bigint
}

/** Account → Buy → USDC, `amount` USD, card; resolves with the "You receive" amount shown. */
async function order(amount: string): Promise<string> {
  await page.getByRole('button', { name: /^Account 0x/ }).click()
  const actions = dialog('Account').getByRole('navigation', { name: 'Wallet actions' })
  // Buy comes first, in the wallet feature order (onramp, swaps, receive, send).
  expect(await actions.getByRole('button').first().textContent()).toBe('Buy')
  await actions.getByRole('button', { name: 'Buy' }).click()
  const buy = dialog('Buy crypto')
  await buy.getByLabel('Asset').selectOption({ label: 'USDC (USD Coin)' })
  await buy.getByLabel('Amount (USD)').fill(amount)
  await buy.getByLabel('Payment method').selectOption({ label: 'Card' })
  await buy.getByText('From 10.00 to 7500.00 USD').waitFor()
  const quote = buy.getByRole('region', { name: 'Quote' })
  await quote.getByText(`${Number(amount).toFixed(2)} USD`, { exact: true }).waitFor()
  const receive = quote.locator('dt:text-is("You receive") + dd')
  await receive.getByText(/ USDC$/).waitFor()
  return ((await receive.textContent()) ?? '').replace(' USDC', '')
}

/** Continue → the provider popup; pays there with `card`. */
async function payInPopup(card: string) {
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    dialog('Buy crypto').getByRole('button', { name: 'Continue' }).click(),
  ])
  // While the buyer is in the provider's window, the modal says so.
  await dialog('Your purchase')
    .getByRole('status')
    .getByText('Complete the purchase in the Coinbase window.')
    .waitFor()
  await popup.getByRole('heading', { name: 'Buy USDC with Coinbase (devnet)' }).waitFor()
  await popup.getByLabel('Card number').fill(card)
  await popup.getByLabel('Expiry date (MM/YY)').fill('12/40')
  await popup.getByLabel('Security code (CVC)').fill('123')
  await popup.getByRole('button', { name: /^Pay / }).click()
  return popup
}

describe('buying crypto in the modal', () => {
  it('does not load the on-ramp code before it is used', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog('Connect wallet')
      .getByRole('button', { name: 'Devnet Wallet', exact: true })
      .click()
    await devnetWallet(page).getByRole('button', { name: 'Approve' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(scripts.filter((path) => path.includes('/onramp/lazy'))).toEqual([])
    expect(scripts.filter((path) => /\/onramp\/OnRamp\w+View/.test(path))).toEqual([])
  })

  it('buys USDC with the success card: in progress, then done, and the balance shown matches the chain', async () => {
    const receive = await order('50')
    const before = await usdcOnChain()
    const popup = await payInPopup('4242 4242 4242 4242')
    await popup
      .getByRole('status')
      .getByText(/^Payment complete: /)
      .waitFor()
    const done = dialog('Your purchase')
    await done.getByText(`Purchase complete: ${receive} USDC received.`).waitFor()
    await done.getByText(/^Transaction 0x/).waitFor()
    const after = await usdcOnChain()
    expect(after - before).toBe(parseUnits(receive, 6))
    expect(scripts.some((path) => path.includes('/onramp/lazy'))).toBe(true)

    await popup.close()
    await done.getByRole('button', { name: 'Done' }).click()
    // The balance the modal shows for USDC (refreshed after the purchase) is the chain's.
    await dialog('Account')
      .getByRole('navigation', { name: 'Wallet actions' })
      .getByRole('button', { name: 'Send' })
      .click()
    const send = dialog('Send')
    await send.getByRole('button', { name: 'Select a token' }).click()
    await dialog('Select token').getByRole('button', { name: 'USDC', exact: true }).click()
    await send
      .getByText(`Balance: ${formatAmount(formatUnits(after, 6), 6)} USDC`, { exact: true })
      .waitFor()
    await dialog('Send').getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  })

  it('ends with the declined card in an error, with a way back to the order', async () => {
    await order('20')
    const before = await usdcOnChain()
    const popup = await payInPopup('4000 0000 0000 0002')
    await popup.getByRole('status').getByText('Payment failed: The card was declined.').waitFor()
    const failed = dialog('Your purchase')
    const alert = failed.getByRole('alert')
    await alert.getByText('Purchase failed').waitFor()
    await alert.getByText('The card was declined.').waitFor()
    expect(await usdcOnChain()).toBe(before)
    await popup.close()
    await failed.getByRole('button', { name: 'Back to the order' }).click()
    expect(await dialog('Buy crypto').getByLabel('Amount (USD)').inputValue()).toBe('20')
  })
})
