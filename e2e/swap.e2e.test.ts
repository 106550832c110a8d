import { DevnetToken } from '@portico/devnet'
import type { BrowserContext, Page, Request } from 'playwright-core'
import { type Address, createPublicClient, formatUnits, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

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
const toasts = () => page.getByRole('status', { name: 'Notifications' })

/** The account's USDC on the devnet's first chain, read from the chain itself. */
async function chainUsdc(): Promise<string> {
  const chain = createPublicClient({ transport: http(stack.devnet.chains[0]!.rpcUrl) })
  const balance = (await chain.readContract({
    address: stack.devnet.tokens[31337]!.usdc,
    abi: DevnetToken.abi,
    functionName: 'balanceOf',
    args: [stack.devnet.accounts[0]!.address as Address],
  })) as bigint
  return formatUnits(balance, 6)
}

describe('swaps in the modal', () => {
  it('does not download the swap code before the user opens Swap', async () => {
    // The page has loaded and connected: no request for the swap API, and no swap module.
    expect(apiRequests.filter((r) => r.url().includes('/v1/convert/'))).toEqual([])
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    )
    expect(scripts.filter((url) => /\/swap\/(engine|Swap)/.test(url))).toEqual([])
  })

  it('swaps 0.5 ETH for USDC, approved in the Devnet Wallet; the USDC shown is the chain’s', async () => {
    await page.getByRole('button', { name: /^Account 0x/ }).click()
    await dialog('Account')
      .getByRole('navigation', { name: 'Wallet actions' })
      .getByRole('button', { name: 'Swap' })
      .click()
    const swap = dialog('Swap')
    // The native token pays by default.
    await swap.getByRole('button', { name: 'Pay with ETH' }).waitFor()
    await swap.getByRole('button', { name: 'Choose the token to receive' }).click()
    await dialog('Select token').getByRole('button', { name: 'USDC', exact: true }).click()
    await swap.getByRole('button', { name: 'Receive USDC' }).waitFor()
    await swap.getByLabel('You pay').fill('0.5')
    // 0.5 ETH at 3000 USDC a piece, less the pool's 0.3 % fee and its move: about 1 490.
    await expect
      .poll(
        async () => Number(await swap.getByRole('status', { name: 'You receive' }).textContent()),
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(1480)
    await swap.getByText('1 ETH = ').waitFor()
    await swap.getByText('Minimum received').waitFor()
    await swap.getByRole('button', { name: 'Review' }).click()

    const review = dialog('Review swap')
    await review.getByText('0.5 ETH', { exact: true }).waitFor()
    await review.getByText(/^≈ .* ETH \(.* USD\)$/).waitFor()
    await review.getByRole('button', { name: 'Swap' }).click()
    await devnetWallet(page).getByRole('button', { name: 'Approve' }).click()

    await toasts().getByText('Swapped 0.5 ETH for USDC').waitFor({ timeout: 30_000 })
    // Back on the form, the USDC balance shown is what the chain holds now.
    const expected = await chainUsdc()
    expect(Number(expected)).toBeGreaterThan(11_480)
    await swap.getByText(`Balance: ${expected} USDC`).waitFor({ timeout: 30_000 })
  })

  it('asks for the approval before swapping USDC for ETH', async () => {
    const swap = dialog('Swap')
    await swap.getByRole('button', { name: 'Switch the tokens' }).click()
    await swap.getByRole('button', { name: 'Pay with USDC' }).waitFor()
    await swap.getByRole('button', { name: 'Receive ETH' }).waitFor()
    await swap.getByLabel('You pay').fill('150')
    const reviewButton = swap.getByRole('button', { name: 'Review' })
    await expect.poll(() => reviewButton.isEnabled(), { timeout: 20_000 }).toBe(true)
    await reviewButton.click()

    const review = dialog('Review swap')
    await review
      .getByText('First allow the swap to spend 150 USDC. Your wallet asks twice.')
      .waitFor()
    // Swap is not offered until the approval is mined.
    expect(await review.getByRole('button', { name: 'Swap' }).count()).toBe(0)
    await review.getByRole('button', { name: 'Approve USDC' }).click()
    await devnetWallet(page).getByRole('button', { name: 'Approve' }).click()
    await toasts().getByText('USDC approved for the swap').waitFor({ timeout: 30_000 })

    const confirm = review.getByRole('button', { name: 'Swap' })
    await expect.poll(() => confirm.isEnabled(), { timeout: 20_000 }).toBe(true)
    const before = await chainUsdc()
    await confirm.click()
    await devnetWallet(page).getByRole('button', { name: 'Approve' }).click()
    await toasts().getByText('Swapped 150 USDC for ETH').waitFor({ timeout: 30_000 })
    expect(Number(before) - Number(await chainUsdc())).toBeCloseTo(150, 6)
    await swap.getByText(`Balance: ${await chainUsdc()} USDC`).waitFor({ timeout: 30_000 })
  })

  it('says when the pools cannot take an amount', async () => {
    const swap = dialog('Swap')
    await swap.getByRole('button', { name: 'Switch the tokens' }).click()
    await swap.getByRole('button', { name: 'Pay with ETH' }).waitFor()
    // 10^17 ETH: more than the ETH/USDC pair's reserves can hold (a uint112), whatever the route.
    await swap.getByLabel('You pay').fill('99999999999999999')
    await swap.getByText('Insufficient liquidity: the pools cannot take this trade').waitFor({
      timeout: 20_000,
    })
    expect(await swap.getByRole('button', { name: 'Review' }).isDisabled()).toBe(true)
  })
})
