import { DevnetGuestbook } from '@portico/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

// examples/dapp with the Devnet Mobile Wallet over WalletConnect: the modal pairs it (All
// wallets → "mobile" → the link copied into the wallet's page, a second page playing the
// phone), then the guestbook's `useWriteContract` asks it to send sign("…"): the request shows
// on the wallet's page, approved there it is on the dapp's page and on the chain, rejected
// there the dapp says so.

let stack: Stack
let context: BrowserContext
/** The dapp. */
let page: Page
/** The Devnet Mobile Wallet's page, open for the whole journey (the phone). */
let phone: Page
/** The account the mobile wallet connected, as its page shows it. */
let mobileAddress: string

beforeAll(async () => {
  stack = await startStack('dapp')
  ;({ context, page } = await openPage(stack))
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(stack.example.url).origin,
  })
})

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

const WAIT = { timeout: 30_000 }
const dialogIn = (p: Page, name: string) => p.getByRole('dialog', { name })
const accountButton = (p: Page) => p.getByRole('button', { name: /^Account 0x/ })
const book = (p: Page) => p.getByRole('region', { name: /^The book on chain / })
const entry = (p: Page, number: number) =>
  book(p)
    .getByRole('list', { name: 'Entries' })
    .getByRole('listitem', { name: `Entry ${number}` })
const bookStatus = (p: Page) => book(p).getByRole('status', { name: 'Guestbook status' })
const entryCount = (p: Page) => book(p).getByLabel('Entry count')

/** A waiting transaction request on the mobile wallet's page (one card per request). */
const transactionRequest = () =>
  phone.getByRole('article', { name: 'Transaction request (eth_sendTransaction)' })

/** The devnet's first chain (31337), read directly: what the page shows must be on the chain. */
const chain = () => createPublicClient({ transport: http(stack.devnet.chains[0]!.rpcUrl) })
const guestbook = () => stack.devnet.guestbook[31337]!
const readEntry = (index: number) =>
  chain().readContract({
    address: guestbook(),
    abi: DevnetGuestbook.abi,
    functionName: 'entry',
    args: [BigInt(index)],
  })
const readCount = () =>
  chain().readContract({ address: guestbook(), abi: DevnetGuestbook.abi, functionName: 'count' })

/** The calldata of the guestbook's `sign(message)`. */
const signCall = (message: string) =>
  encodeFunctionData({ abi: DevnetGuestbook.abi, functionName: 'sign', args: [message] })

/** Types a message and signs the book with it. */
async function signBook(p: Page, message: string) {
  await book(p).getByLabel('Message').fill(message)
  await book(p).getByRole('button', { name: 'Sign the guestbook' }).click()
}

describe('the guestbook app with the Devnet Mobile Wallet over WalletConnect', () => {
  it('connects through the modal: All wallets, the copied link opened on the wallet page, Approve', async () => {
    await page.goto(stack.example.url)
    await expect.poll(() => entryCount(page).textContent(), WAIT).toBe('0')
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialogIn(page, 'Connect wallet')
      .getByRole('button', { name: /^All wallets/ })
      .click()
    const all = dialogIn(page, 'All wallets')
    await all.getByRole('searchbox', { name: 'Search wallets' }).fill('mobile')
    await all.getByRole('button', { name: 'Devnet Mobile Wallet' }).click()
    const wc = dialogIn(page, 'WalletConnect')
    await wc.getByRole('img', { name: 'QR code to scan with your wallet' }).waitFor(WAIT)
    await wc.getByRole('button', { name: 'Copy link' }).click()
    const uri = await page.evaluate(() => navigator.clipboard.readText())
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

    phone = await context.newPage()
    await phone.goto(`${stack.devnet.mobileWalletUrl}?uri=${encodeURIComponent(uri)}`)
    const proposal = phone.getByRole('region', { name: 'Connection request' })
    // The dapp names itself in the proposal.
    await proposal.getByText('Portico guestbook', { exact: true }).waitFor(WAIT)
    await proposal.getByRole('button', { name: 'Approve' }).click()

    await wc.waitFor({ state: 'detached', ...WAIT })
    await accountButton(page).waitFor(WAIT)
    // The wallet's page lists the session with the account it gave the dapp.
    const session = phone.getByRole('article', { name: 'Session with Portico guestbook' })
    await session.waitFor(WAIT)
    mobileAddress = /Account(0x[0-9a-fA-F]{40})/.exec((await session.textContent()) ?? '')![1]!
    // The mobile wallet derives its accounts from the devnet's mnemonic: its first one.
    expect(mobileAddress).toBe(stack.devnet.accounts[0]!.address)
    // The book is the one on the chain the session is on: the devnet's first.
    await book(page).getByRole('heading', { name: 'The book on chain 31337' }).waitFor(WAIT)
    const signButton = book(page).getByRole('button', { name: 'Sign the guestbook' })
    await expect.poll(() => signButton.isEnabled(), WAIT).toBe(true)
  })

  it('signs the book: the request shows on the wallet page, Approve there, the entry is on the page and on the chain', async () => {
    const message = 'gm from the mobile wallet'
    await signBook(page, message)
    const request = transactionRequest()
    await request.waitFor(WAIT)
    expect(await bookStatus(page).textContent()).toBe(
      `Asking your wallet to send sign(${JSON.stringify(message)}) to the guestbook…`,
    )
    // The wallet shows who asks and the call: from the account, to the guestbook, sign("…").
    const shown = (await request.textContent()) ?? ''
    expect(shown).toContain(`From: Portico guestbook (${new URL(stack.example.url).origin})`)
    expect(shown).toContain('Method: eth_sendTransaction')
    expect(shown.toLowerCase()).toContain(`from: ${mobileAddress.toLowerCase()}`)
    expect(shown.toLowerCase()).toContain(`to: ${guestbook().toLowerCase()}`)
    expect(shown).toContain(`Data: ${signCall(message).slice(0, 138)}…`)
    // It went to the connected mobile wallet, not to the Devnet Wallet the page also has.
    expect(
      await devnetWallet(page).getByRole('group', { name: 'Transaction request' }).count(),
    ).toBe(0)
    await request.getByRole('button', { name: 'Approve' }).click()

    await expect.poll(() => bookStatus(page).textContent(), WAIT).toMatch(/^Signed in block \d+$/)
    const block = BigInt(/(\d+)$/.exec((await bookStatus(page).textContent()) ?? '')![1]!)
    await entry(page, 1).getByText(message).waitFor(WAIT)
    expect(await entry(page, 1).getByText(mobileAddress).count()).toBe(1)
    await expect.poll(() => entryCount(page).textContent(), WAIT).toBe('1')
    // The card is gone from the wallet's page once answered.
    await request.waitFor({ state: 'detached', ...WAIT })

    // The wallet's page logs the hash it sent: that transaction, mined in the block the page
    // named, from the mobile wallet's account to the guestbook.
    const sent = phone
      .getByRole('region', { name: 'Activity' })
      .getByRole('listitem')
      .filter({ hasText: /eth_sendTransaction approved: 0x[0-9a-f]{64}$/ })
    await sent.waitFor(WAIT)
    const hash = /(0x[0-9a-f]{64})$/.exec((await sent.textContent()) ?? '')![1]! as `0x${string}`
    const receipt = await chain().getTransactionReceipt({ hash })
    expect(receipt.blockNumber).toBe(block)
    expect(receipt.from.toLowerCase()).toBe(mobileAddress.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(guestbook().toLowerCase())

    // The chain has it, written by the mobile wallet's account.
    const [author, written] = await readEntry(0)
    expect({ author, message: written }).toEqual({ author: mobileAddress, message })
    const logs = await chain().getContractEvents({
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      eventName: 'Signed',
      fromBlock: block,
      toBlock: block,
    })
    expect(logs.map((log) => log.args.message)).toEqual([message])
  })

  it('shows the refusal when the request is rejected on the wallet page, and the chain is unchanged', async () => {
    await signBook(page, 'this one is declined')
    const request = transactionRequest()
    await request.waitFor(WAIT)
    expect(await request.textContent()).toContain(
      `Data: ${signCall('this one is declined').slice(0, 138)}…`,
    )
    await request.getByRole('button', { name: 'Reject' }).click()

    await expect
      .poll(() => book(page).getByRole('alert', { name: 'Guestbook error' }).textContent(), WAIT)
      .toBe('You declined the request in your wallet.')
    await request.waitFor({ state: 'detached', ...WAIT })
    // Nothing was written: the page and the chain still have the one entry.
    expect(await bookStatus(page).textContent()).toBe('')
    expect(await entryCount(page).textContent()).toBe('1')
    expect(await readCount()).toBe(1n)
    // The form is usable again for the next try.
    await expect
      .poll(() => book(page).getByRole('button', { name: 'Sign the guestbook' }).isEnabled(), WAIT)
      .toBe(true)
  })
})
