import type { BrowserContext, Page } from 'playwright-core'
import { numberToHex, parseEther, toHex, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type StartedBrowser } from '../../e2e/support/browser.js'
import { type Devnet, startDevnet } from '../src/index.js'
import { api, apiJson, postJson } from './helpers.js'
import {
  closeDapp,
  closeSignClientDapp,
  connectDapp,
  createDapp,
  createSignClientDapp,
  type Dapp,
  nextEvent,
  type SignClientDapp,
} from './mobile-wallet-dapp.js'

let devnet: Devnet
let chromium: StartedBrowser
const dapps: Dapp[] = []
const signClients: SignClientDapp[] = []
let context: BrowserContext | undefined
let page: Page
let pageErrors: string[]

beforeAll(async () => {
  ;[devnet, chromium] = await Promise.all([
    startDevnet({ ports: { api: 0, relay: 0, chains: [0, 0, 0] } }),
    launchBrowser(),
  ])
})

afterAll(async () => {
  await chromium?.close()
  await devnet?.stop()
})

afterEach(async () => {
  await context?.close()
  context = undefined
  await Promise.all([
    ...dapps.splice(0).map(closeDapp),
    ...signClients.splice(0).map(closeSignClientDapp),
  ])
})

async function dapp(metadata?: Parameters<typeof createDapp>[1]) {
  const provider = await createDapp(devnet, metadata)
  dapps.push(provider)
  return provider
}

/** A phone: a fresh browser context (its own storage) with the wallet page at `path`. */
async function openWallet(path: string) {
  context = await chromium.browser.newContext()
  page = await context.newPage()
  pageErrors = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(`${devnet.mobileWalletUrl}${path}`)
  return page
}

describe('Devnet Mobile Wallet page', () => {
  it('is in the wallet listing, with links to the page and no rdns', async () => {
    const { data } = await apiJson<{ data: Record<string, unknown>[] }>(
      devnet,
      '/getWallets?search=Devnet%20Mobile',
    )
    expect(data).toEqual([
      expect.objectContaining({
        name: 'Devnet Mobile Wallet',
        rdns: null,
        mobile_link: devnet.mobileWalletUrl,
        webapp_link: devnet.mobileWalletUrl,
        desktop_link: null,
        chains: expect.arrayContaining(['eip155:31337', 'eip155:31338']),
      }),
    ])
    const html = await fetch(`${devnet.mobileWalletUrl}/wc?uri=wc%3Aabc`)
    expect(html.status).toBe(200)
    expect(html.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(await html.text()).toContain(devnet.relayUrl)
    const script = await fetch(`${devnet.mobileWalletUrl}/app.js`)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect((await fetch(`${devnet.mobileWalletUrl}/nope`)).status).toBe(404)
  })

  it('pairs from ?uri=, approves the session, then a personal_sign and a transaction', async () => {
    const provider = await dapp()
    const { uri, session } = connectDapp(provider, devnet)
    // The web link the SDK builds from webapp_link: `${link}/wc?uri=<encoded>`.
    await openWallet(`/wc?uri=${encodeURIComponent(await uri)}`)

    const proposal = page.getByRole('region', { name: 'Connection request' })
    await proposal.waitFor()
    expect(await proposal.textContent()).toContain('Portico test dapp')
    expect(await proposal.textContent()).toContain('http://127.0.0.1:5173')
    // The URI left the address bar: a reload does not pair again.
    expect(page.url()).toBe(`${devnet.mobileWalletUrl}/wc`)
    await proposal.getByRole('button', { name: 'Approve' }).click()

    const settled = await session
    const address = devnet.accounts[0]?.address as `0x${string}`
    expect(settled?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${address}`])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])
    await page.getByRole('status').filter({ hasText: 'Connected to Portico test dapp' }).waitFor()

    const signed = provider.request<`0x${string}`>(
      { method: 'personal_sign', params: [toHex('Hello from the devnet'), address] },
      'eip155:31337',
    )
    const signRequest = page.getByRole('article', { name: 'Signature request (personal_sign)' })
    await signRequest.waitFor()
    expect(await signRequest.locator('pre').textContent()).toContain('Hello from the devnet')
    await signRequest.getByRole('button', { name: 'Approve' }).click()
    const signature = await signed
    expect(await verifyMessage({ address, message: 'Hello from the devnet', signature })).toBe(true)
    await signRequest.waitFor({ state: 'detached' })

    // A phone wallet keeps its session: after a reload it reconnects to the relay.
    await page.reload()
    await page.getByRole('status').filter({ hasText: 'Connected to Portico test dapp' }).waitFor()

    // A transaction, rejected: the dapp gets 4001.
    const sent = provider.request(
      {
        method: 'eth_sendTransaction',
        params: [{ from: address, to: address, value: numberToHex(parseEther('1')) }],
      },
      'eip155:31337',
    )
    const txRequest = page.getByRole('article', {
      name: 'Transaction request (eth_sendTransaction)',
    })
    await txRequest.waitFor()
    expect(await txRequest.locator('pre').textContent()).toContain('Value: 1 ETH')
    const rejected = expect(sent).rejects.toMatchObject({ code: 4001 })
    await txRequest.getByRole('button', { name: 'Reject' }).click()
    await rejected

    // Disconnect on the phone: the dapp hears session_delete.
    const deleted = nextEvent(provider, 'session_delete')
    await page.getByRole('button', { name: 'Disconnect' }).click()
    expect(await deleted).toMatchObject({ topic: settled?.topic })
    await page.getByRole('status').filter({ hasText: 'Not connected' }).waitFor()
    expect(pageErrors).toEqual([])
  })

  it('pairs with a pasted URI, shows dapp text as text, and rejects', async () => {
    const provider = await dapp({ name: '<img src=x onerror="window.pwned=1">Evil <b>dapp</b>' })
    const { uri, session } = connectDapp(provider, devnet)
    await openWallet('')
    await page.getByLabel('Pairing URI').fill(await uri)
    await page.getByRole('button', { name: 'Connect' }).click()

    const proposal = page.getByRole('region', { name: 'Connection request' })
    await proposal.waitFor()
    expect(await proposal.textContent()).toContain(
      '<img src=x onerror="window.pwned=1">Evil <b>dapp</b>',
    )
    expect(await proposal.locator('img, b').count()).toBe(0)
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()

    // Expected before the click: the rejection must find its handler in place.
    const rejected = expect(session).rejects.toMatchObject({ message: 'User rejected.' })
    await proposal.getByRole('button', { name: 'Reject' }).click()
    await rejected
    await proposal.waitFor({ state: 'hidden' })
    expect(pageErrors).toEqual([])
  })

  it('shows a one-click sign-in request (wallet_authenticate) with its message; Approve sends CACAOs the API accepts', async () => {
    const client = await createSignClientDapp(devnet)
    signClients.push(client)
    const { nonce } = await apiJson<{ nonce: string }>(devnet, '/auth/v1/nonce')
    const { uri, response } = await client.authenticate({
      chains: ['eip155:31337', 'eip155:31338'],
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173/',
      nonce,
      statement: 'Sign in to the Portico example',
      methods: ['personal_sign'],
    })
    // The sign-client keeps an answer only for a response() already waiting: ask at once.
    const answered = response()
    await openWallet(`/wc?uri=${encodeURIComponent(uri)}`)

    const request = page.getByRole('region', { name: 'Sign-in request' })
    await request.waitFor()
    const details = (await request.locator('dl').textContent()) ?? ''
    expect(details).toContain('Portico sign-in dapp')
    expect(details).toContain('Sign in to127.0.0.1:5173')
    expect(details).toContain('Devnet (31337), Devnet L2 (31338)')
    expect(details).not.toContain('Warning')
    const address = devnet.accounts[0]?.address as string
    const text = (await request.getByLabel('Sign-in message').textContent()) ?? ''
    expect(text).toContain(
      `127.0.0.1:5173 wants you to sign in with your Ethereum account:\n${address}`,
    )
    expect(text).toContain(`Nonce: ${nonce}`)
    expect(text).toContain('(and the same for 1 more network)')
    await page
      .getByRole('status')
      .filter({ hasText: 'Sign-in request from Portico sign-in dapp' })
      .waitFor()

    await request.getByRole('button', { name: 'Approve' }).click()
    const { auths, session } = await answered
    expect(auths).toHaveLength(2)
    expect(session?.namespaces.eip155?.accounts).toContain(`eip155:31337:${address}`)
    await request.waitFor({ state: 'hidden' })
    await page
      .getByRole('status')
      .filter({ hasText: 'Connected to Portico sign-in dapp' })
      .waitFor()

    const signIn = await api(devnet, '/auth/v1/authenticate', {
      ...postJson({ cacao: auths?.[0] }),
      headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:5173' },
    })
    expect(signIn.status).toBe(200)
    expect(((await signIn.json()) as { session: { address: string } }).session.address).toBe(
      address,
    )
    expect(pageErrors).toEqual([])
  })

  it('warns when the sign-in domain is not the app’s, and Reject tells the dapp', async () => {
    const client = await createSignClientDapp(devnet, { url: 'http://127.0.0.1:5173' })
    signClients.push(client)
    const { uri, response } = await client.authenticate({
      chains: ['eip155:31337'],
      domain: 'bank.example',
      uri: 'https://bank.example/login',
      nonce: 'abcdefgh12345678',
    })
    await openWallet('')
    await page.getByLabel('Pairing URI').fill(uri)
    await page.getByRole('button', { name: 'Connect' }).click()
    const request = page.getByRole('region', { name: 'Sign-in request' })
    await request.waitFor()
    expect(await request.locator('.warning').textContent()).toBe(
      'The app says it is http://127.0.0.1:5173, but asks you to sign in to bank.example',
    )
    const rejected = expect(response()).rejects.toMatch(/rejected/i)
    await request.getByRole('button', { name: 'Reject' }).click()
    await rejected
    await request.waitFor({ state: 'hidden' })
    expect(pageErrors).toEqual([])
  })
})
