import { DevnetGuestbook } from '@portico/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, formatEther, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

// examples/dapp's wagmi page (wagmi.html): Portico's modal connects, wagmi's own hooks read the
// guestbook, write to it and sign, over `createPorticoWagmiConfig`; the Devnet Wallet approves in
// its panel. Portico's balance and wagmi's are shown side by side.

let stack: Stack
let context: BrowserContext
let page: Page

beforeAll(async () => {
  stack = await startStack('dapp')
  ;({ context, page } = await openPage(stack))
})

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

const dialogIn = (p: Page, name: string) => p.getByRole('dialog', { name })
const accountButton = (p: Page) => p.getByRole('button', { name: /^Account 0x/ })
const wagmiAccount = (p: Page) => p.getByRole('region', { name: "wagmi's account" })
const shown = (p: Page, label: string) => p.getByLabel(label, { exact: true }).textContent()
const book = (p: Page) => p.getByRole('region', { name: /^The book on chain / })
const entry = (p: Page, number: number) =>
  book(p)
    .getByRole('list', { name: 'Entries' })
    .getByRole('listitem', { name: `Entry ${number}` })
const signatures = (p: Page) => p.getByRole('region', { name: 'Signatures' })
const wallet = () => devnetWallet(page)

/** The devnet's first chain, read directly: what the page shows must be on the chain. */
const chain = () => createPublicClient({ transport: http(stack.devnet.chains[0]!.rpcUrl) })
const guestbook = () => stack.devnet.guestbook[31337]!
const account = () => stack.devnet.accounts[0]!.address

describe("the guestbook app on wagmi, connected with Portico's modal", () => {
  it("connects through Portico's modal: wagmi's account shows the address", async () => {
    await page.goto(new URL('wagmi.html', stack.example.url).href)
    await expect.poll(() => shown(page, 'wagmi status')).toBe('disconnected')
    // wagmi reads the book on the config's first chain before anything is connected.
    await expect.poll(() => book(page).getByLabel('Entry count').textContent()).toBe('0')
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialogIn(page, 'Connect wallet')
      .getByRole('button', { name: 'Devnet Wallet', exact: true })
      .click()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await accountButton(page).waitFor()
    await expect.poll(() => shown(page, 'wagmi status')).toBe('connected')
    expect(await shown(page, 'wagmi address')).toBe(account())
    expect(await shown(page, 'wagmi chain')).toBe('31337')
    expect(await wagmiAccount(page).getByText('connector: Portico').count()).toBe(1)
  })

  it("signs the book with wagmi's useWriteContract: Approve, the entry is on the page and on the chain", async () => {
    const balanceBefore = await chain().getBalance({ address: account() })
    // Both balances show the chain's before the write.
    await expect.poll(() => shown(page, 'Portico balance')).toBe(formatEther(balanceBefore))
    await expect.poll(() => shown(page, 'wagmi balance')).toBe(formatEther(balanceBefore))

    await book(page).getByLabel('Message').fill('gm from wagmi')
    await book(page).getByRole('button', { name: 'Sign the guestbook' }).click()
    const request = wallet().getByRole('group', { name: 'Transaction request' })
    await request.waitFor()
    expect(await book(page).getByRole('status', { name: 'Guestbook status' }).textContent()).toBe(
      'Asking your wallet to send sign("gm from wagmi") to the guestbook…',
    )
    expect(await request.textContent()).toContain(`To: ${guestbook()}`)
    await request.getByRole('button', { name: 'Approve' }).click()

    const status = book(page).getByRole('status', { name: 'Guestbook status' })
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toMatch(/^Signed in block \d+$/)
    const block = BigInt(/(\d+)$/.exec((await status.textContent()) ?? '')![1]!)
    await entry(page, 1).getByText('gm from wagmi').waitFor()
    expect(await entry(page, 1).getByText(account()).count()).toBe(1)
    expect(await book(page).getByLabel('Entry count').textContent()).toBe('1')

    // The chain has it, from the connected account, in the block the page named.
    const [author, message] = await chain().readContract({
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      functionName: 'entry',
      args: [0n],
    })
    expect({ author, message }).toEqual({ author: account(), message: 'gm from wagmi' })
    const logs = await chain().getContractEvents({
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      eventName: 'Signed',
      fromBlock: block,
      toBlock: block,
    })
    expect(logs.map((log) => log.args.message)).toEqual(['gm from wagmi'])

    // Portico's balance and wagmi's both show the chain's balance after the write (less gas).
    const balanceAfter = await chain().getBalance({ address: account() })
    expect(balanceAfter < balanceBefore).toBe(true)
    await expect
      .poll(() => shown(page, 'Portico balance'), { timeout: 15_000 })
      .toBe(formatEther(balanceAfter))
    await expect
      .poll(() => shown(page, 'wagmi balance'), { timeout: 15_000 })
      .toBe(formatEther(balanceAfter))
  })

  it('signs a message and typed data through wagmi, both verified with viem', async () => {
    await signatures(page).getByRole('button', { name: 'Sign a message' }).click()
    await wallet().getByRole('group', { name: 'Signature request' }).waitFor()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await signatures(page)
      .getByRole('region', { name: 'Message signature' })
      .getByRole('status')
      .getByText('Signature verified')
      .waitFor()

    await signatures(page).getByRole('button', { name: 'Sign typed data' }).click()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await signatures(page)
      .getByRole('region', { name: 'Typed data signature' })
      .getByRole('status')
      .getByText('Signature verified')
      .waitFor()
  })

  it('shows the refusal when the signature is rejected in the wallet', async () => {
    await signatures(page).getByRole('button', { name: 'Sign a message' }).click()
    await wallet().getByRole('button', { name: 'Reject' }).click()
    await expect
      .poll(() => signatures(page).getByRole('alert', { name: 'Message signature' }).textContent())
      .toBe('You declined the request in your wallet.')
  })

  it("disconnects from Portico's modal: wagmi's account shows disconnected", async () => {
    await accountButton(page).click()
    await dialogIn(page, 'Account').getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => shown(page, 'wagmi status')).toBe('disconnected')
    expect(await shown(page, 'wagmi address')).toBe('—')
    expect(await book(page).getByRole('button', { name: 'Sign the guestbook' }).isEnabled()).toBe(
      false,
    )
  })
})
