import type { BrowserContext, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPage, type Stack, startStack } from './support/stack.js'

type InboxMessage = { id: string; subject: string; text: string; receivedAt: string }

let stack: Stack
let context: BrowserContext
let page: Page
let requests: Request[]
/** A new address per run: the secure site remembers users while the devnet runs. */
const EMAIL = `ada-${Date.now()}@example.com`
let address = ''

beforeAll(async () => {
  stack = await startStack('modal')
  ;({ context, page } = await openPage(stack))
  requests = []
  page.on('request', (request) => requests.push(request))
})

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

const dialogIn = (p: Page, name: string) => p.getByRole('dialog', { name })
const accountButton = (p: Page) => p.getByRole('button', { name: /^Account 0x/ })
const shown = (p: Page, label: string) =>
  p.getByRole('region', { name: 'Connection' }).getByLabel(label).textContent()

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

/** Opens the device link of the newest "approve this device" mail and approves it. */
async function approveDevice(p: Page, after: number) {
  const mail = await nextMail(/^Approve sign-in from a new device$/, after)
  const link = /https?:\/\/\S+\/device\?token=\S+/.exec(mail.text)?.[0]
  expect(link).toBeDefined()
  const tab = await p.context().newPage()
  await tab.goto(link!)
  await tab.getByRole('button', { name: 'Approve device' }).click()
  await tab.waitForLoadState()
  await tab.close()
}

/** The code of the newest code mail to EMAIL, read from the inbox. */
async function codeFromMailbox(after: number): Promise<string> {
  const mail = await nextMail(/^Your Portico devnet code: \d{6}$/, after)
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
  expect(code).toMatch(/^\d{6}$/)
  return code!
}

/** Connect → Email → the address → Continue, from a page showing "Connect wallet". */
async function continueWithEmail(p: Page) {
  await p.getByRole('button', { name: 'Connect wallet' }).click()
  const connect = dialogIn(p, 'Connect wallet')
  await connect.getByLabel('Email').fill(EMAIL)
  await connect.getByRole('button', { name: 'Continue' }).click()
}

/** The device link (a new browser), then the code from the mailbox → connected. */
async function finishLogin(p: Page, since: number) {
  await dialogIn(p, 'Register device').getByText(`We sent a link to ${EMAIL}`).waitFor()
  await approveDevice(p, since)
  const confirm = dialogIn(p, 'Confirm email')
  await confirm.getByText(`Enter the code we sent to ${EMAIL}`).waitFor()
  await confirm.getByLabel('Code').fill(await codeFromMailbox(since))
  await confirm.getByRole('button', { name: 'Verify' }).click()
  await p.getByRole('dialog').waitFor({ state: 'detached' })
  await accountButton(p).waitFor()
}

describe('email login and the embedded wallet in the modal example', () => {
  it('loads no secure frame until the user types an address', async () => {
    await page.goto(stack.example.url)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialogIn(page, 'Connect wallet').getByLabel('Email').waitFor()
    await page.waitForLoadState('networkidle')
    const secure = requests.filter((r) => r.url().startsWith(stack.devnet.secureSiteUrl))
    expect(secure.map((r) => r.url())).toEqual([])
    expect(await page.locator('iframe').count()).toBe(0)
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  })

  it('rejects a malformed address in the field, and sends nothing', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const connect = dialogIn(page, 'Connect wallet')
    await connect.getByLabel('Email').fill('not-an-address')
    await connect.getByRole('button', { name: 'Continue' }).click()
    await connect.getByRole('alert').getByText('Enter a valid email address').waitFor()
    expect(await inbox()).toEqual([])
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  })

  it('logs in: Email → Continue → device link → the code from the mailbox → connected and funded', async () => {
    const since = Date.now() - 1_000
    await continueWithEmail(page)
    await finishLogin(page, since)
    address = (await shown(page, 'Address')) ?? ''
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // New embedded accounts get 10 devnet ETH.
    await page.getByRole('region', { name: 'Connection' }).getByText('10 ETH').waitFor()
    expect(await shown(page, 'Status')).toBe('connected')
    // The key stays in the frame: a hidden iframe of the secure site.
    const frame = page.locator(`iframe[src^="${stack.devnet.secureSiteUrl}/sdk?"]`)
    expect(await frame.count()).toBe(1)
    expect(await frame.getAttribute('src')).toMatch(/[?&]version=4(&|$)/)
  })

  it('sends 0.01 ETH approved in the secure frame, mined and in Activity', async () => {
    await accountButton(page).click()
    await dialogIn(page, 'Account')
      .getByRole('navigation', { name: 'Wallet actions' })
      .getByRole('button', { name: 'Send' })
      .click()
    const send = dialogIn(page, 'Send')
    await send.getByRole('button', { name: 'Select a token' }).click()
    await dialogIn(page, 'Select token').getByRole('button', { name: 'ETH', exact: true }).click()
    await send.getByRole('button', { name: 'Token: ETH' }).waitFor()
    await send.getByLabel('Amount').fill('0.01')
    await send.getByLabel('To (address or name)').fill(stack.devnet.accounts[1]!.address)
    await send.getByRole('button', { name: 'Review' }).click()
    await dialogIn(page, 'Review send').getByRole('button', { name: 'Send' }).click()

    // ApproveTransaction: the frame's own Approve is drawn over the view.
    await dialogIn(page, 'Approve transaction').getByText('Request: eth_sendTransaction').waitFor()
    const approval = page.frameLocator('iframe[title="Secure approval"]')
    await approval.getByRole('button', { name: 'Approve' }).click()

    await page
      .getByRole('status', { name: 'Notifications' })
      .getByText(/^Sent 0\.01 ETH · 0x/)
      .waitFor()
    await dialogIn(page, 'Account').getByRole('button', { name: 'Activity' }).click()
    await dialogIn(page, 'Activity')
      .getByRole('listitem')
      .first()
      .getByText(/0\.01 ETH/)
      .waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  })

  it('stays connected after a reload, without a new code', async () => {
    const mails = (await inbox()).length
    await page.reload()
    await accountButton(page).waitFor()
    expect(await shown(page, 'Address')).toBe(address)
    expect((await inbox()).length).toBe(mails)
  })

  it('signs out from the Account view', async () => {
    await accountButton(page).click()
    await dialogIn(page, 'Account').getByRole('button', { name: 'Disconnect' }).click()
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
    expect(await shown(page, 'Status')).toBe('disconnected')
  })

  it('in a fresh browser profile: a second login within 30 s is refused, then the same address', async () => {
    const fresh = await stack.browser.newContext()
    try {
      const other = await fresh.newPage()
      await other.goto(stack.example.url)
      const since = Date.now() - 1_000
      await continueWithEmail(other)
      await dialogIn(other, 'Register device').waitFor()
      // Back to Connect abandons that login; Continue again within 30 s of the mail is refused.
      await dialogIn(other, 'Register device').getByRole('button', { name: 'Back' }).click()
      const connect = dialogIn(other, 'Connect wallet')
      // The address typed before is still in the field.
      expect(await connect.getByLabel('Email').inputValue()).toBe(EMAIL)
      await connect.getByRole('button', { name: 'Continue' }).click()
      const refusal = await connect.getByRole('alert').textContent()
      expect(refusal).toMatch(/^Please try again after \d+ seconds$/)
      const seconds = Number(/(\d+)/.exec(refusal ?? '')?.[1])
      expect(seconds).toBeGreaterThanOrEqual(1)
      expect(seconds).toBeLessThanOrEqual(30)

      // The user tries again until the 30 s have passed (polled, deadline 45 s).
      const deadline = Date.now() + 45_000
      const again = Date.now()
      while (!(await dialogIn(other, 'Register device').isVisible())) {
        if (Date.now() > deadline) throw new Error('the cooldown never ended')
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        if (await connect.isVisible()) {
          await connect.getByRole('button', { name: 'Continue' }).click()
        }
      }
      await finishLogin(other, Math.max(since, again - 1_000))
      expect(await shown(other, 'Address')).toBe(address)
    } finally {
      await fresh.close()
    }
  })
})
