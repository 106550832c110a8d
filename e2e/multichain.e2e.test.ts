import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

// The modal example with `?multichain` (its EVM chains plus the devnet's Solana and Bitcoin
// chains): a user connected with an EVM and a Solana wallet at once, switching between them,
// sending SOL, then connecting a Bitcoin wallet. Every amount is read back from the chains.

let stack: Stack
let context: BrowserContext
let page: Page

beforeAll(async () => {
  stack = await startStack('modal')
  ;({ context, page } = await openPage(stack))
  await page.goto(`${stack.example.url}?multichain`, { timeout: 60_000 })
}, 120_000)

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

const dialog = (name: string) => page.getByRole('dialog', { name })
const solanaWallet = () => page.locator('#portico-devnet-solana-wallet')
const bitcoinWallet = () => page.locator('#portico-devnet-bitcoin-wallet')

/** SOL in whole units, as the Account view shows it (4 decimals at most). */
async function chainSol(address: string): Promise<number> {
  const response = await fetch(stack.devnet.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  })
  const { result } = (await response.json()) as { result: { value: number } }
  return result.value / 1e9
}

/** The address's USDC in whole units, summed over its token accounts of the devnet's mint. */
async function chainUsdc(address: string): Promise<number> {
  const response = await fetch(stack.devnet.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getTokenAccountsByOwner',
      params: [address, { mint: stack.devnet.solana.mints.usdc }, { encoding: 'jsonParsed' }],
    }),
  })
  const { result } = (await response.json()) as {
    result: {
      value: { account: { data: { parsed: { info: { tokenAmount: { uiAmount: number } } } } } }[]
    }
  }
  return result.value.reduce((sum, a) => sum + a.account.data.parsed.info.tokenAmount.uiAmount, 0)
}

/** An amount as the Account view shows it: cut (not rounded) to 4 decimals. */
const shown = (amount: number) => Math.floor(amount * 1e4 + 1e-6) / 1e4

/** The amount in the Account view's balance line ("Balance 999.9999 SOL"). */
async function shownBalance(symbol: string): Promise<number> {
  const line = dialog('Account').locator('[data-portico-balance]')
  await line.getByText(new RegExp(` ${symbol}$`)).waitFor()
  const text = (await line.textContent()) ?? ''
  return Number(/([\d.,]+) [A-Z]+$/.exec(text)?.[1]?.replaceAll(',', ''))
}

describe('several namespaces at once in the modal', () => {
  const solanaAccounts = (): string[] => stack.devnet.solanaAccounts.map((a) => a.address)

  it('connects the Devnet Solana Wallet and shows the SOL balance the chain holds', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog('Connect wallet')
      .getByRole('button', { name: 'Devnet Solana Wallet', exact: true })
      .click()
    await solanaWallet().getByRole('button', { name: 'Approve' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: /^Account / }).click()
    const sol = await chainSol(solanaAccounts()[0]!)
    expect(await shownBalance('SOL')).toBeCloseTo(shown(sol), 6)
  })

  it('shows the USDC balance the chain holds in the Send token list', async () => {
    await dialog('Account').getByRole('button', { name: 'Send' }).click()
    await dialog('Send').getByRole('button', { name: 'Select a token' }).click()
    const usdc = await chainUsdc(solanaAccounts()[0]!)
    // The devnet seeds 10 000 USDC in every Solana account.
    expect(usdc).toBe(10_000)
    await dialog('Select token')
      .getByRole('button', { name: 'USDC', exact: true })
      .getByText(String(usdc), { exact: true })
      .waitFor()
    await dialog('Select token').getByRole('button', { name: 'Back' }).click()
  })

  it('sends 0.5 SOL to the second devnet account, approved in the Solana wallet', async () => {
    const from = solanaAccounts()[0] as string
    const to = solanaAccounts()[1] as string
    const [fromBefore, toBefore] = [await chainSol(from), await chainSol(to)]
    const send = dialog('Send')
    await send.getByRole('button', { name: 'Select a token' }).click()
    await dialog('Select token').getByRole('button', { name: 'SOL', exact: true }).click()
    await send.getByRole('button', { name: 'Token: SOL' }).waitFor()
    await send.getByLabel('Amount').fill('0.5')
    await send.getByLabel(/^To/).fill(to)
    await send.getByRole('button', { name: 'Review' }).click()
    const review = dialog('Review send')
    await review.getByText('0.5 SOL').waitFor()
    await review.getByRole('button', { name: 'Send' }).click()
    await solanaWallet().getByRole('button', { name: 'Approve' }).click()
    await page
      .getByRole('status', { name: 'Notifications' })
      .getByText(/^Sent 0\.5 SOL/)
      .waitFor()
    expect(await chainSol(to)).toBeCloseTo(toBefore + 0.5, 9)
    // The sender paid the 0.5 SOL and a fee (5 000 lamports a signature).
    expect(await chainSol(from)).toBeCloseTo(fromBefore - 0.5 - 0.000005, 9)
    await dialog('Account').waitFor()
    await expect
      .poll(() => shownBalance('SOL'), { timeout: 15_000 })
      .toBeCloseTo(shown(fromBefore - 0.500005), 6)
  })

  it('connects the Devnet Wallet (EVM) too, and switches the active namespace both ways', async () => {
    const chains = dialog('Account').getByRole('region', { name: 'Chains' })
    await chains.getByRole('button', { name: /^EVM/ }).click()
    await dialog('Connect wallet')
      .getByRole('button', { name: 'Devnet Wallet', exact: true })
      .click()
    await devnetWallet(page).getByRole('button', { name: 'Approve' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: /^Account 0x/ }).click()
    const evm = chains.getByRole('button', { name: /^EVM/ })
    const solana = chains.getByRole('button', { name: /^Solana/ })
    expect(await evm.getAttribute('aria-pressed')).toBe('true')
    expect(await solana.getAttribute('aria-pressed')).toBe('false')
    await shownBalance('ETH')
    await solana.click()
    expect(await solana.getAttribute('aria-pressed')).toBe('true')
    await shownBalance('SOL')
    await page.getByRole('region', { name: 'Connection' }).getByText(solanaAccounts()[0]!).waitFor()
    await evm.click()
    expect(await evm.getAttribute('aria-pressed')).toBe('true')
    await shownBalance('ETH')
    await page
      .getByRole('region', { name: 'Connection' })
      .getByText(stack.devnet.accounts[0]!.address)
      .waitFor()
  })

  it('connects the Devnet Bitcoin Wallet and shows the balance the chain holds', async () => {
    const chains = dialog('Account').getByRole('region', { name: 'Chains' })
    await chains.getByRole('button', { name: /^Bitcoin/ }).click()
    await dialog('Connect wallet')
      .getByRole('button', { name: 'Devnet Bitcoin Wallet', exact: true })
      .click()
    await bitcoinWallet().getByRole('button', { name: 'Approve' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: /^Account / }).click()
    const address = (await page
      .getByRole('region', { name: 'Connection' })
      .getByLabel('Address')
      .textContent()) as string
    expect(address).toMatch(/^bcrt1/)
    const response = await fetch(`${stack.devnet.bitcoin.esploraUrl}/address/${address}/utxo`)
    const utxos = (await response.json()) as { value: number }[]
    const btc = utxos.reduce((sum, u) => sum + u.value, 0) / 1e8
    expect(btc).toBeGreaterThan(0)
    expect(await shownBalance('BTC')).toBeCloseTo(shown(btc), 6)
    // The three stay connected.
    const chains2 = dialog('Account').getByRole('region', { name: 'Chains' })
    expect(await chains2.getByRole('button', { name: 'Disconnect EVM' }).count()).toBe(1)
    expect(await chains2.getByRole('button', { name: 'Disconnect Solana' }).count()).toBe(1)
    expect(await chains2.getByRole('button', { name: 'Disconnect Bitcoin' }).count()).toBe(1)
  })
})
