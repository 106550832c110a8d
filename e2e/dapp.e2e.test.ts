import { DevnetGuestbook } from '@portico/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

// examples/dapp: an app's own calls (the guestbook contract, signatures) through the wallet the
// modal connected: the Devnet Wallet, approved in its panel, and the email wallet, approved in
// the secure frame over the modal's ApproveTransaction view.

type InboxMessage = { id: string; subject: string; text: string; receivedAt: string }

let stack: Stack
let context: BrowserContext
let page: Page
/** A new address per run: the secure site remembers users while the devnet runs. */
const EMAIL = `guest-${Date.now()}@example.com`

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
const readEntry = (index: number) =>
  chain().readContract({
    address: guestbook(),
    abi: DevnetGuestbook.abi,
    functionName: 'entry',
    args: [BigInt(index)],
  })

/** The calldata of the guestbook's `sign(message)`. */
const signCall = (message: string) =>
  encodeFunctionData({ abi: DevnetGuestbook.abi, functionName: 'sign', args: [message] })

/** Types a message and signs the book with it. */
async function signBook(p: Page, message: string) {
  await book(p).getByLabel('Message').fill(message)
  await book(p).getByRole('button', { name: 'Sign the guestbook' }).click()
}

/** The block the page says the last signature was mined in. */
async function signedBlock(p: Page): Promise<bigint> {
  const status = book(p).getByRole('status', { name: 'Guestbook status' })
  await expect
    .poll(() => status.textContent(), { timeout: 30_000 })
    .toMatch(/^Signed in block \d+$/)
  return BigInt(/(\d+)$/.exec((await status.textContent()) ?? '')![1]!)
}

describe('the guestbook app with the Devnet Wallet', () => {
  it('connects through the modal and reads the empty book', async () => {
    await page.goto(stack.example.url)
    await expect.poll(() => book(page).getByLabel('Entry count').textContent()).toBe('0')
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialogIn(page, 'Connect wallet')
      .getByRole('button', { name: 'Devnet Wallet', exact: true })
      .click()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await accountButton(page).waitFor()
    await book(page).getByRole('button', { name: 'Sign the guestbook' }).waitFor()
    expect(await book(page).getByRole('button', { name: 'Sign the guestbook' }).isEnabled()).toBe(
      true,
    )
  })

  it('refuses an empty message before the wallet sees it, with the contract error', async () => {
    await signBook(page, '')
    await expect
      .poll(() => book(page).getByRole('alert', { name: 'Guestbook error' }).textContent())
      .toBe('This transaction would fail: MessageEmpty()')
    expect(await wallet().getByRole('button', { name: 'Approve' }).isVisible()).toBe(false)
  })

  it('signs the book: the wallet shows the call, Approve, the entry is on the page and on the chain', async () => {
    await signBook(page, 'gm from Chromium')
    const request = wallet().getByRole('group', { name: 'Transaction request' })
    await request.waitFor()
    // The page says which call waits for the wallet.
    expect(await book(page).getByRole('status', { name: 'Guestbook status' }).textContent()).toBe(
      'Asking your wallet to send sign("gm from Chromium") to the guestbook…',
    )
    const shown = (await request.textContent()) ?? ''
    expect(shown).toContain(`To: ${guestbook()}`)
    // The calldata the wallet shows (its first 68 bytes) is the guestbook's sign("…").
    expect(shown).toContain(`Data: ${signCall('gm from Chromium').slice(0, 138)}…`)
    await request.getByRole('button', { name: 'Approve' }).click()

    const block = await signedBlock(page)
    await entry(page, 1).getByText('gm from Chromium').waitFor()
    const account = stack.devnet.accounts[0]!.address
    expect(await entry(page, 1).getByText(account).count()).toBe(1)
    expect(await book(page).getByLabel('Entry count').textContent()).toBe('1')
    // The chain has it, from the connected account, in the block the page named.
    const [author, message] = await readEntry(0)
    expect({ author, message }).toEqual({ author: account, message: 'gm from Chromium' })
    const logs = await chain().getContractEvents({
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      eventName: 'Signed',
      fromBlock: block,
      toBlock: block,
    })
    expect(logs.map((log) => log.args.message)).toEqual(['gm from Chromium'])
  })

  it('tips the entry: a payable write, approved with its value', async () => {
    await entry(page, 1)
      .getByRole('button', { name: /^Tip the author of entry 1 / })
      .click()
    const request = wallet().getByRole('group', { name: 'Transaction request' })
    await request.getByText('Value: 0.001 ETH').waitFor()
    await request.getByRole('button', { name: 'Approve' }).click()
    await entry(page, 1)
      .getByRole('status')
      .getByText(/^Tipped in block \d+$/)
      .waitFor({ timeout: 30_000 })
  })

  it('signs a message and typed data that the public client verifies', async () => {
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
    // The earlier verified signature is no longer shown as this one's.
    expect(await signatures(page).getByText('Signature verified').count()).toBe(1)
  })
})

/** The mail to EMAIL through the devnet's inbox route, newest first. */
async function inbox(): Promise<InboxMessage[]> {
  const url = new URL('/api/inbox', stack.devnet.secureSiteUrl)
  url.searchParams.set('address', EMAIL)
  const response = await fetch(url)
  expect(response.status).toBe(200)
  return ((await response.json()) as { messages: InboxMessage[] }).messages
}

/** Polls the inbox (deadline 20 s) for a message newer than `after` whose subject matches. */
async function nextMail(subject: RegExp, after: number): Promise<InboxMessage> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const found = (await inbox()).find(
      (m) => subject.test(m.subject) && Date.parse(m.receivedAt) >= after,
    )
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail matching ${subject} to ${EMAIL}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Email → device link → the code from the Devnet Inbox → connected, from "Connect wallet". */
async function emailLogin(p: Page) {
  const since = Date.now() - 1_000
  await p.getByRole('button', { name: 'Connect wallet' }).click()
  const connect = dialogIn(p, 'Connect wallet')
  await connect.getByLabel('Email').fill(EMAIL)
  await connect.getByRole('button', { name: 'Continue' }).click()
  await dialogIn(p, 'Register device').getByText(`We sent a link to ${EMAIL}`).waitFor()
  const device = await nextMail(/^Approve sign-in from a new device$/, since)
  const link = /https?:\/\/\S+\/device\?token=\S+/.exec(device.text)?.[0]
  expect(link).toBeDefined()
  const tab = await p.context().newPage()
  await tab.goto(link!)
  await tab.getByRole('button', { name: 'Approve device' }).click()
  await tab.waitForLoadState()
  await tab.close()
  const confirm = dialogIn(p, 'Confirm email')
  await confirm.getByText(`Enter the code we sent to ${EMAIL}`).waitFor()
  const mail = await nextMail(/^Your Portico devnet code: \d{6}$/, since)
  await confirm.getByLabel('Code').fill(/\b(\d{6})\b/.exec(mail.text)![1]!)
  await confirm.getByRole('button', { name: 'Verify' }).click()
  await p.getByRole('dialog').waitFor({ state: 'detached' })
  await accountButton(p).waitFor()
}

describe('the guestbook app with the email wallet', () => {
  it('signs the book through the modal: ApproveTransaction, the frame shows the call, Approve, the entry appears', {
    timeout: 180_000,
  }, async () => {
    const fresh = await stack.browser.newContext()
    try {
      const p = await fresh.newPage()
      await p.goto(stack.example.url)
      await emailLogin(p)
      // The page shows the book as the Devnet Wallet's journey left it.
      await entry(p, 1).getByText('gm from Chromium').waitFor()

      await signBook(p, 'gm from the email wallet')
      const approve = dialogIn(p, 'Approve transaction')
      await approve.getByText('Request: eth_sendTransaction').waitFor()
      const frame = p.frameLocator('iframe[title="Secure approval"]')
      await frame.getByText('Transaction request').waitFor()
      expect(await book(p).getByRole('status', { name: 'Guestbook status' }).textContent()).toBe(
        'Asking your wallet to send sign("gm from the email wallet") to the guestbook…',
      )
      // The frame shows the call: to the guestbook, the start of its sign("…") calldata.
      const details = (await frame.locator('body').textContent()) ?? ''
      expect(details).toContain(guestbook())
      expect(details).toContain(signCall('gm from the email wallet').slice(0, 138))
      await frame.getByRole('button', { name: 'Approve' }).click()
      await approve.waitFor({ state: 'detached' })

      await signedBlock(p)
      await entry(p, 2).getByText('gm from the email wallet').waitFor()
      const [author, message] = await readEntry(1)
      expect(message).toBe('gm from the email wallet')
      // Written by the embedded wallet's address, the one the page shows as the author.
      expect(author).not.toBe(stack.devnet.accounts[0]!.address)
      expect(await entry(p, 2).getByText(author).count()).toBe(1)
    } finally {
      await fresh.close()
    }
  })
})
