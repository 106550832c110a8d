import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPage, type Stack, startStack } from './support/stack.js'

// examples/dapp's Solana page (solana.html): the Devnet Solana Wallet connects through Portico's
// modal, and the page's own SOL transfer (built with @solana/kit) is signed and sent through
// Portico's signer, approved in the wallet's panel; the devnet's Solana chain moves the lamports.

let stack: Stack
let context: BrowserContext
let page: Page

beforeAll(async () => {
  stack = await startStack('dapp')
  ;({ context, page } = await openPage(stack))
  await page.goto(new URL('solana.html', stack.example.url).href)
})

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

const solanaWallet = () => page.locator('#portico-devnet-solana-wallet')
const dialog = (name: string) => page.getByRole('dialog', { name })

async function lamportsOf(address: string): Promise<bigint> {
  const response = await fetch(stack.devnet.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  })
  const { result } = (await response.json()) as { result: { value: number } }
  return BigInt(result.value)
}

describe("the app's own Solana transfer through Portico's signer", () => {
  it('connects the Devnet Solana Wallet through the modal', async () => {
    const send = page.getByRole('button', { name: 'Send 0.01 SOL' })
    expect(await send.isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog('Connect wallet')
      .getByRole('button', { name: 'Devnet Solana Wallet', exact: true })
      .click()
    await solanaWallet().getByRole('button', { name: 'Approve' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true)
  })

  it('sends 0.01 SOL: approved in the wallet, the chain moves it, the page says so', async () => {
    const to = stack.devnet.solanaAccounts[1]!.address
    const before = await lamportsOf(to)
    await page.getByRole('button', { name: 'Send 0.01 SOL' }).click()
    await solanaWallet().getByRole('button', { name: 'Approve' }).click()
    const status = page.getByRole('status', { name: 'Transfer status' })
    await status.getByText(/^Sent [1-9A-HJ-NP-Za-km-z]{64,88}; the receiver holds /).waitFor({
      timeout: 30_000,
    })
    expect((await lamportsOf(to)) - before).toBe(10_000_000n)
  })

  it('says so when the wallet refuses', async () => {
    await page.getByRole('button', { name: 'Send 0.01 SOL' }).click()
    await solanaWallet().getByRole('button', { name: 'Reject' }).click()
    await page
      .getByRole('status', { name: 'Transfer status' })
      .getByText('You declined the request in your wallet.')
      .waitFor({ timeout: 30_000 })
  })
})
