import type { Server } from 'node:http'
import type { PorticoClient } from '@portico/core'
import { type Devnet, startDevnet } from '@portico/devnet'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type StartedBrowser } from '../e2e/support/browser.js'
import {
  chromiumHost,
  createFrameClient,
  HOST_PAGE,
  loginByEmail,
  serve,
  waitFor,
} from './support/chromiumFrame.js'

/*
 * The secure frame against a hostile app, in Chromium: the app's page scripts make the frame
 * nearly transparent over a decoy, double-click Approve with a second request queued, send
 * colours that hide the approval's text, and a second allowed app tries to read the first one's
 * user. The frame is the devnet's real `/sdk` page; the clicks are the browser's own.
 */

let devnet: Devnet
let started: StartedBrowser
let browser: Browser
const servers: Server[] = []
const clients: PorticoClient[] = []
let hostUrl = ''
let otherHostUrl = ''

beforeAll(async () => {
  ;[devnet, started] = await Promise.all([
    startDevnet({ ports: { api: 0, chains: [0, 0, 0] } }),
    launchBrowser(),
  ])
  browser = started.browser
  for (const target of [0, 1]) {
    const { server, url } = await serve(HOST_PAGE)
    servers.push(server)
    if (target === 0) hostUrl = url
    else otherHostUrl = url
  }
}, 120_000)

afterAll(async () => {
  for (const client of clients) client.destroy()
  await started?.close()
  for (const server of servers) await new Promise((resolve) => server.close(resolve))
  await devnet?.stop()
})

/** A fresh browser profile whose app at `url` has a signed-in embedded wallet. */
async function signedIn(url = hostUrl) {
  const context = await browser.newContext()
  const { host, page } = await chromiumHost(context, url)
  const client = createFrameClient(devnet, host)
  clients.push(client)
  const email = `frame-${Date.now()}-${clients.length}@example.com`
  await loginByEmail(devnet, browser, client, email)
  const address = client.connection.$address.get() as `0x${string}`
  return { client, context, page, email, address, provider: await client.wallet.getProvider() }
}

const approval = (page: Page) => page.frameLocator('#portico-secure')
const approveButton = (page: Page) => approval(page).getByRole('button', { name: 'Approve' })

/** Settles into an observable record, so a test can tell "still waiting" from an answer. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false }
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  )
  return state
}

describe('the secure frame against a hostile app, in Chromium', () => {
  it('a frame at opacity 0.01 over a decoy: clicks on the decoy sign nothing', async () => {
    const { client, page, address, provider } = await signedIn()
    await page.evaluate(() => {
      const decoy = document.createElement('button')
      decoy.textContent = 'Claim your prize'
      decoy.setAttribute(
        'style',
        'position:fixed;top:20px;left:20px;width:420px;height:560px;z-index:1',
      )
      document.body.append(decoy)
      ;(document.getElementById('portico-secure') as HTMLIFrameElement).style.opacity = '0.01'
    })
    const signing = track(
      provider.request({ method: 'personal_sign', params: ['0x6869', address] }),
    )
    await waitFor(() => client.auth.$frame.get().approval !== undefined, 'the approval')
    await approveButton(page).waitFor()
    const box = (await approveButton(page).boundingBox())!
    // The user clicks the decoy, where Approve is, again and again for 3 s: well past the
    // 1 s the frame waits once an approval is seen. Real time: the browser's visibility
    // tracking is what is tested, and it runs on the browser's clock.
    const until = Date.now() + 3_000
    while (Date.now() < until) {
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
      await page.waitForTimeout(250)
    }
    expect(signing.settled).toBe(false)
    expect(await approveButton(page).isDisabled()).toBe(true)
    await approval(page)
      .getByText('This approval is hidden, covered or cut off: Approve stays off.')
      .waitFor()

    // Shown whole, the approval works, but not at once: it waits its moment first.
    await page.evaluate(() => {
      ;(document.getElementById('portico-secure') as HTMLIFrameElement).style.opacity = '1'
    })
    expect(await approveButton(page).isDisabled()).toBe(true)
    await approveButton(page).click({ timeout: 10_000 })
    await waitFor(() => signing.settled, 'the signature')
    const chain = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    expect(
      await chain.verifyMessage({
        address,
        message: 'hi',
        signature: signing.value as `0x${string}`,
      }),
    ).toBe(true)

    // Opaque again but pushed up out of the page, only the buttons left in view: still off.
    await page.evaluate(() => {
      ;(document.getElementById('portico-secure') as HTMLIFrameElement).style.top = '-470px'
    })
    const clipped = track(
      provider.request({ method: 'personal_sign', params: ['0x6869', address] }),
    )
    await waitFor(() => client.auth.$frame.get().approval !== undefined, 'the second approval')
    await approveButton(page).waitFor()
    const buttons = (await approveButton(page).boundingBox())!
    expect(buttons.y).toBeGreaterThan(0)
    const end = Date.now() + 3_000
    while (Date.now() < end) {
      await page.mouse.click(buttons.x + buttons.width / 2, buttons.y + buttons.height / 2)
      await page.waitForTimeout(250)
    }
    expect(clipped.settled).toBe(false)
    expect(await approveButton(page).isDisabled()).toBe(true)
    await approval(page).getByRole('button', { name: 'Reject' }).click()
    await waitFor(() => clipped.settled, 'the rejection')
    expect(clipped.error).toMatchObject({ code: 4001 })
  }, 120_000)

  it('a double click on Approve approves one request, never the 1 ETH one queued behind it', async () => {
    const { client, page, address, provider } = await signedIn()
    const to = devnet.accounts[2]!.address
    const chain = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const before = await chain.getTransactionCount({ address })
    const small = track(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: address, to, value: `0x${parseEther('0.01').toString(16)}` }],
      }),
    )
    await waitFor(() => client.auth.$frame.get().approval !== undefined, 'the approval')
    const big = track(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: address, to, value: `0x${parseEther('1').toString(16)}` }],
      }),
    )
    const frame = approval(page)
    await frame.getByText('1 more request waiting').waitFor()

    await approveButton(page).dblclick({ timeout: 10_000 })
    await waitFor(() => small.settled, 'the first transaction')
    expect(small.error).toBeUndefined()
    // The second request is in front now, with Approve off until it has been seen a moment.
    expect(big.settled).toBe(false)
    expect(await chain.getTransactionCount({ address })).toBe(before + 1)
    await frame.getByText('1 ETH', { exact: true }).waitFor()
    expect(await approveButton(page).isDisabled()).toBe(true)
    // What the approval says: the verified origin, the fee and the total, the value among them.
    await frame.getByText(`Requested by ${new URL(hostUrl).origin}`).waitFor()
    await frame.getByText('Network fee (at most)').waitFor()
    await frame.getByText('Total cost (at most)').waitFor()

    await frame.getByRole('button', { name: 'Reject' }).click()
    await waitFor(() => big.settled, 'the rejection')
    expect(big.error).toMatchObject({ code: 4001 })
    expect(await chain.getTransactionCount({ address })).toBe(before + 1)
  }, 120_000)

  it('the approval says what is signed: origin, token amounts, the typed data chain, another site', async () => {
    const { client, page, address, provider } = await signedIn()
    const frame = approval(page)
    const shown = (text: string) =>
      frame.getByText(text, { exact: true }).waitFor({ timeout: 10_000 })
    const reject = async (pending: { settled: boolean }) => {
      await frame.getByRole('button', { name: 'Reject' }).click()
      await waitFor(() => pending.settled, 'the rejection')
    }
    // The app's page names itself with a right-to-left override, posing as another site.
    await page.evaluate(() => {
      const iframe = document.getElementById('portico-secure') as HTMLIFrameElement
      iframe.contentWindow?.postMessage(
        {
          channel: 'portico-secure',
          id: 'hostile-name',
          type: '@portico-app/SYNC_DAPP_DATA',
          payload: { metadata: { name: 'Uniswap \u202Emoc.elppa', url: 'https://uniswap.org' } },
        },
        new URL(iframe.src).origin,
      )
    })
    const usdc = devnet.info().tokens[31337]!.usdc
    const attacker = devnet.accounts[3]!.address
    const data = encodeFunctionData({
      abi: parseAbi(['function transfer(address to, uint256 amount)']),
      functionName: 'transfer',
      args: [attacker, 1_500_000n],
    })
    const transfer = track(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: address, to: usdc, data }],
      }),
    )
    await waitFor(() => client.auth.$frame.get().approval !== undefined, 'the approval')
    await shown(`Requested by ${new URL(hostUrl).origin}`)
    await shown('The app calls itself “Uniswap \ufffdmoc.elppa”')
    await shown('Token transfer')
    await shown(attacker)
    // Decimals and symbol read from the token contract on the chain.
    await shown('1.5 USDC')
    // The calldata whole: 68 bytes here, nothing cut.
    expect(await frame.locator('#approval-body').textContent()).toBe(data)
    await reject(transfer)

    // A mainnet permit while the frame is on the devnet chain.
    const permit = track(
      provider.request({
        method: 'eth_signTypedData_v4',
        params: [
          address,
          JSON.stringify({
            types: {
              EIP712Domain: [
                { name: 'name', type: 'string' },
                { name: 'version', type: 'string' },
                { name: 'chainId', type: 'uint256' },
                { name: 'verifyingContract', type: 'address' },
              ],
              Permit: [
                { name: 'owner', type: 'address' },
                { name: 'spender', type: 'address' },
                { name: 'value', type: 'uint256' },
                { name: 'nonce', type: 'uint256' },
                { name: 'deadline', type: 'uint256' },
              ],
            },
            primaryType: 'Permit',
            domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: usdc },
            message: { owner: address, spender: attacker, value: '1000000', nonce: 0, deadline: 1 },
          }),
        ],
      }),
    )
    await shown('Chain 1')
    await shown('This signature is for chain 1, not the active network Devnet (31337).')
    await shown(usdc)
    await reject(permit)

    // A sign-in message for another site.
    const signIn = track(
      provider.request({
        method: 'personal_sign',
        params: [
          `bank.example wants you to sign in with your Ethereum account:\n${address}\n\nURI: https://bank.example/\nVersion: 1\nChain ID: 31337\nNonce: abcdefgh12\nIssued At: 2026-01-01T00:00:00.000Z`,
          address,
        ],
      }),
    )
    await shown(
      `This message signs you in to bank.example, but the request comes from ${new URL(hostUrl).host}.`,
    )
    await reject(signIn)
  }, 120_000)

  it("colours the app sends that would hide the approval's text are ignored", async () => {
    const { client, page, address, provider } = await signedIn()
    // The app's page posts the theme itself: the frame listens to its parent window.
    await page.evaluate(() => {
      const frame = document.getElementById('portico-secure') as HTMLIFrameElement
      frame.contentWindow?.postMessage(
        {
          channel: 'portico-secure',
          id: 'hostile-theme',
          type: '@portico-app/SYNC_THEME',
          payload: {
            themeMode: 'dark',
            themeVariables: {
              '--portico-foreground': '#121313',
              '--portico-muted': '#121313',
              '--portico-background': '#121313',
              '--portico-surface': '#121313',
              '--portico-accent': '#ff00ff',
            },
          },
        },
        new URL(frame.src).origin,
      )
    })
    const signing = track(
      provider.request({ method: 'personal_sign', params: ['0x6869', address] }),
    )
    await waitFor(() => client.auth.$frame.get().approval !== undefined, 'the approval')
    const colours = await approval(page)
      .locator('#approval-title')
      .evaluate((title) => ({
        text: getComputedStyle(title).color,
        background: getComputedStyle(document.body).backgroundColor,
      }))
    // The frame's own dark palette: light text on a dark background.
    expect(colours).toEqual({ text: 'rgb(228, 231, 231)', background: 'rgb(18, 19, 19)' })
    await approval(page).getByRole('button', { name: 'Reject' }).click()
    await waitFor(() => signing.settled, 'the rejection')
  }, 120_000)

  it("another allowed app does not read the first one's user: sessions are per app origin", async () => {
    const first = await signedIn(hostUrl)
    expect(first.client.auth.$user.get()?.email).toBe(first.email)
    // The same browser profile (same frame storage), another allowed origin.
    const { host } = await chromiumHost(first.context, otherHostUrl)
    const other = createFrameClient(devnet, host)
    clients.push(other)
    const outcome = await other.auth
      .connectEmail(first.email)
      .catch((error: Error) => error.message)
    // Before: 'connected' at once, the first app's account handed over without a code.
    expect(outcome).not.toBe('connected')
    expect(other.auth.$user.get()).toBeUndefined()
    expect(other.connection.$status.get()).not.toBe('connected')
  }, 120_000)
})
