import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

let stack: Stack
let context: BrowserContext
let page: Page

beforeAll(async () => {
  stack = await startStack('sign-in')
  ;({ context, page } = await openPage(stack))
})

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

const signIn = () => page.getByRole('dialog', { name: 'Sign in' })
const wallet = () => devnetWallet(page)
/** The address the page says is signed in (from the session), or null. */
const signedInAs = () =>
  page
    .getByRole('region', { name: 'Session' })
    .getByLabel('Signed-in address')
    .textContent({ timeout: 1_000 })
    .catch(() => null)

/** Opens the Devnet Wallet's panel if it is closed (its selects live there). */
async function walletPanel() {
  const select = wallet().getByLabel('Account')
  if (!(await select.isVisible()))
    await wallet().getByRole('button', { name: 'Dev wallet' }).click()
  return select
}

async function connect() {
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page
    .getByRole('dialog', { name: 'Connect wallet' })
    .getByRole('button', { name: 'Devnet Wallet', exact: true })
    .click()
  await wallet().getByRole('button', { name: 'Approve' }).click()
}

describe('sign in with the wallet on examples/sign-in', () => {
  it('connect → SIWXSignMessage → Sign → Approve: the modal closes and the server knows the account', async () => {
    await page.goto(stack.example.url)
    await connect()
    const view = signIn()
    await view.getByText('Portico sign-in example asks you to sign in').waitFor()
    const host = new URL(stack.example.url).host
    const message = view.getByRole('region', { name: 'Message to sign' })
    await expect
      .poll(() => message.textContent())
      .toMatch(
        new RegExp(
          `^${host.replace(/\./g, '\\.')} wants you to sign in with your Ethereum account:`,
        ),
      )
    expect(await message.textContent()).toContain(stack.devnet.accounts[0]!.address)
    expect(await message.textContent()).toContain('Sign in to the Portico sign-in example.')

    await view.getByRole('button', { name: 'Sign' }).click()
    await wallet().getByText('Sign-in request').waitFor()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await view.waitFor({ state: 'detached' })
    await expect.poll(signedInAs).toBe(stack.devnet.accounts[0]!.address)
    // The server's answer to `me` with the session's token.
    await page.getByText(/^The server says: eoa on eip155:31337, until /).waitFor()
  })

  it('after a reload, is signed in as the server says through its session cookie', async () => {
    // The page keeps the bearer token in memory only: a reload keeps the session when the sign-in
    // server set an HttpOnly session cookie (sent with credentials), never from storage alone.
    const cookieSet = (await context.cookies(stack.devnet.apiUrl)).length > 0
    await page.reload()
    if (cookieSet) {
      await expect.poll(signedInAs).toBe(stack.devnet.accounts[0]!.address)
      await page.getByText(/^The server says: eoa on eip155:31337/).waitFor()
      expect(await page.getByRole('dialog').count()).toBe(0)
      return
    }
    // No cookie from this server: what storage holds is not believed; required sign-in asks again.
    const view = signIn()
    await view.getByText('Portico sign-in example asks you to sign in').waitFor()
    expect(await signedInAs()).toBeNull()
    await view.getByRole('button', { name: 'Sign' }).click()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await view.waitFor({ state: 'detached' })
    await expect.poll(signedInAs).toBe(stack.devnet.accounts[0]!.address)
  })

  it('asks again when the wallet switches to an account without a session', async () => {
    const select = await walletPanel()
    await select.selectOption({ index: 1 })
    const view = signIn()
    await expect
      .poll(() => view.getByRole('region', { name: 'Message to sign' }).textContent())
      .toContain(stack.devnet.accounts[1]!.address)
    // Sign-in is required and this account has none: Escape does not close the modal.
    await page.keyboard.press('Escape')
    await view.waitFor()
    await view.getByRole('button', { name: 'Sign' }).click()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await view.waitFor({ state: 'detached' })
    await expect.poll(signedInAs).toBe(stack.devnet.accounts[1]!.address)
  })

  it("sign out, connect again, decline: 'Signature declined', the view stays, Try again signs in", async () => {
    await page.getByRole('button', { name: 'Sign out' }).click()
    // Required sign-in: signing out disconnects.
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
    await page.getByText('Not signed in.').waitFor()
    await connect()
    const view = signIn()
    await view.getByRole('button', { name: 'Sign' }).click()
    await wallet().getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => view.getByRole('alert').textContent()).toBe('Signature declined')
    await page.keyboard.press('Escape')
    await view.waitFor()
    expect(await signedInAs()).toBeNull()

    await view.getByRole('button', { name: 'Try again' }).click()
    await wallet().getByRole('button', { name: 'Approve' }).click()
    await view.waitFor({ state: 'detached' })
    await expect.poll(signedInAs).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })
})
