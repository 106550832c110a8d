import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Verifier } from 'bip322-js'
import type { BrowserContext, Page } from 'playwright-core'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { launchBrowser, type StartedBrowser } from '../../e2e/support/browser.js'
import { type Devnet, startDevnet } from '../src/index.js'
import { porticoDevnet } from '../src/vite/plugin.js'
import { FREE_PORTS } from './helpers.js'

// A Wallet Standard app page (test/bitcoin-wallet-page) served by Vite with the porticoDevnet()
// plugin, which injects the Devnet Bitcoin Wallet as it does into the examples (and the Dev
// wallet and the Solana wallet with it, as there).
let devnet: Devnet
let chromium: StartedBrowser
let server: ViteDevServer
let cacheDir: string
let pageUrl: string
let context: BrowserContext
let page: Page
let pageErrors: string[]

beforeAll(async () => {
  ;[devnet, chromium] = await Promise.all([startDevnet({ ports: FREE_PORTS }), launchBrowser()])
  cacheDir = mkdtempSync(join(tmpdir(), 'portico-bitcoin-wallet-vite-'))
  server = await createServer({
    root: fileURLToPath(new URL('./bitcoin-wallet-page', import.meta.url)),
    configFile: false,
    cacheDir,
    logLevel: 'silent',
    plugins: [porticoDevnet({ devnet: devnet.info() })],
    server: { port: 0, host: '127.0.0.1' },
  })
  await server.listen()
  pageUrl = server.resolvedUrls?.local[0] ?? ''
})

afterAll(async () => {
  await context?.close()
  await chromium?.close()
  await server?.close()
  await devnet?.stop()
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true })
})

beforeEach(async () => {
  await context?.close()
  // A fresh context: its own localStorage, so no approval carries over between tests.
  context = await chromium.browser.newContext()
  page = await open(context)
})

async function open(ctx: BrowserContext) {
  const opened = await ctx.newPage()
  pageErrors = []
  opened.on('pageerror', (error) => pageErrors.push(error.message))
  await opened.goto(pageUrl)
  await opened.waitForFunction(() => 'bitcoinApp' in window, undefined, { timeout: 30_000 })
  return opened
}

type App = Record<string, (...args: never[]) => unknown>
/** Calls `window.bitcoinApp[name](...args)` in the page. */
function app<T>(name: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([method, params]) =>
      (window as unknown as { bitcoinApp: App }).bitcoinApp[method as string]?.(
        ...((params as never[]) ?? []),
      ),
    [name, args] as const,
  ) as Promise<T>
}

const wallet = () => page.getByTestId('devnet-bitcoin-wallet')

/** Waits for the wallet's prompt with `title`, then presses `button` in it. */
async function answer(title: string, button: 'Approve' | 'Reject') {
  const prompt = wallet().getByRole('group', { name: title })
  await prompt.waitFor({ state: 'visible' })
  await prompt.getByRole('button', { name: button }).click()
}

const payment = () => devnet.bitcoin.accounts[0]?.payment.address as string
const ordinals = () => devnet.bitcoin.accounts[0]?.ordinals.address as string

describe('Devnet Bitcoin Wallet in Chromium', () => {
  it('is found by a Wallet Standard app, with the Bitcoin features and chains', async () => {
    expect(await app<string[]>('names')).toContain('Devnet Bitcoin Wallet')
    expect(await app<string[]>('chains')).toEqual([
      'bitcoin:regtest',
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    ])
    expect(await app<string[]>('features')).toEqual(
      expect.arrayContaining([
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        'bitcoin:connect',
        'bitcoin:signMessage',
        'bitcoin:signTransaction',
        'bitcoin:signAndSendTransaction',
        'bitcoin:sendTransfer',
        'sats-connect:',
      ]),
    )
    expect(await app<string[]>('accounts')).toEqual([])
    expect(await app('btcProviders')).toContainEqual({
      id: 'PorticoDevnetProviders.BitcoinProvider',
      name: 'Devnet Bitcoin Wallet',
    })
    expect(await app('samePortalProvider')).toBe(true)
    expect(pageErrors).toEqual([])
  })

  it('connects the payment address after Approve, and remembers it across a reload', async () => {
    const connecting = app<string[]>('connect')
    await answer('Connect to this site', 'Approve')
    expect(await connecting).toEqual([payment()])
    expect(await app('accounts')).toEqual([{ address: payment(), label: 'Payment' }])
    // The panel closed with the request; the person opens it to see the connection.
    await wallet().getByRole('button', { name: 'Bitcoin wallet' }).click()
    await expect
      .poll(() => wallet().getByRole('status').textContent())
      .toMatch(/^Connected to http:\/\/127\.0\.0\.1:\d+ \(payment\)$/)

    await page.reload()
    await page.waitForFunction(() => 'bitcoinApp' in window)
    // Silent: no prompt, the approval kept in localStorage answers.
    expect(await app<string[]>('connect', true)).toEqual([payment()])

    // Ordinals only when asked for, in the order asked.
    const both = app<string[]>('connectPurposes', ['ordinals', 'payment'])
    await answer('Connect to this site', 'Approve')
    expect(await both).toEqual([ordinals(), payment()])

    await app('disconnect')
    expect(await app('accounts')).toEqual([])
    expect(await app<string[]>('connect', true)).toEqual([])
  })

  it('signs a message with BIP-322 after Approve, and answers a rejection after Reject', async () => {
    const connecting = app('connect')
    await answer('Connect to this site', 'Approve')
    await connecting

    const message = 'Sign in to the Portico devnet\nNonce: 3f9c'
    const signing = app<{ address: string; signature: string }>('signMessage', message)
    const prompt = wallet().getByRole('group', { name: 'Signature request' })
    await prompt.waitFor()
    expect(await prompt.textContent()).toContain('Sign in to the Portico devnet')
    expect(await prompt.textContent()).toContain('Protocol: BIP-322')
    await answer('Signature request', 'Approve')
    const signed = await signing
    expect(signed.address).toBe(payment())
    expect(Verifier.verifySignature(payment(), message, signed.signature)).toBe(true)
    expect(Verifier.verifySignature(payment(), `${message}.`, signed.signature)).toBe(false)

    const refused = app<{ error: { name: string; message: string; code: number } }>(
      'signMessage',
      message,
    )
    await answer('Signature request', 'Reject')
    expect(await refused).toEqual({
      error: { name: 'BitcoinWalletError', message: 'User rejected the request.', code: 4001 },
    })
  })

  it('answers the sats-connect methods: accounts, BIP-322, a rejection as JSON-RPC', async () => {
    const accounts = app<{ result: unknown[] }>('sats', 'getAccounts', {
      purposes: ['payment', 'ordinals'],
    })
    await answer('Connect to this site', 'Approve')
    expect((await accounts).result).toEqual([
      {
        address: payment(),
        publicKey: devnet.bitcoin.accounts[0]?.payment.publicKey,
        purpose: 'payment',
        addressType: 'p2wpkh',
        walletType: 'software',
      },
      {
        address: ordinals(),
        publicKey: devnet.bitcoin.accounts[0]?.ordinals.publicKey,
        purpose: 'ordinals',
        addressType: 'p2tr',
        walletType: 'software',
      },
    ])

    const signing = app<{ jsonrpc: string; result: { signature: string; protocol: string } }>(
      'sats',
      'signMessage',
      { address: ordinals(), message: 'hello ordinals' },
    )
    await answer('Signature request', 'Approve')
    const signed = await signing
    expect(signed.jsonrpc).toBe('2.0')
    expect(signed.result.protocol).toBe('BIP322')
    expect(Verifier.verifySignature(ordinals(), 'hello ordinals', signed.result.signature)).toBe(
      true,
    )

    const refused = app('sats', 'signMessage', { address: payment(), message: 'no' })
    await answer('Signature request', 'Reject')
    expect(await refused).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'User rejected the request.' },
    })
    expect(await app('sats', 'nope')).toMatchObject({ error: { code: -32601 } })
  })

  it('shares the page with the Dev wallet and the Solana wallet: no button or panel covers another', async () => {
    const wallets = [
      { testId: 'devnet-wallet', toggle: 'Dev wallet' },
      { testId: 'devnet-solana-wallet', toggle: 'Solana wallet' },
      { testId: 'devnet-bitcoin-wallet', toggle: 'Bitcoin wallet' },
    ]
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 900, height: 640 },
    ]) {
      await page.setViewportSize(viewport)
      const boxes: { name: string; x: number; y: number; width: number; height: number }[] = []
      for (const { testId, toggle } of wallets) {
        const host = page.getByTestId(testId)
        const button = host.getByRole('button', { name: toggle, exact: true })
        const panel = host.getByRole('region', { name: `${toggle} panel` })
        if (!(await panel.isVisible())) await button.click()
        await panel.waitFor({ state: 'visible' })
        for (const [name, locator] of [
          [toggle, button],
          [`${toggle} panel`, panel],
        ] as const) {
          const box = await locator.boundingBox()
          if (!box) throw new Error(`${name} has no box`)
          boxes.push({ name, ...box })
        }
      }
      const overlaps = boxes.flatMap((a, i) =>
        boxes
          .slice(i + 1)
          .filter(
            (b) =>
              a.x < b.x + b.width &&
              b.x < a.x + a.width &&
              a.y < b.y + b.height &&
              b.y < a.y + a.height,
          )
          .map((b) => `${a.name} / ${b.name}`),
      )
      expect(overlaps, `${viewport.width}×${viewport.height}`).toEqual([])
      const at = (name: string) => boxes.find((box) => box.name === name) as (typeof boxes)[0]
      // The buttons: one column at the bottom right, the Bitcoin wallet's on top.
      expect(at('Bitcoin wallet').y).toBeLessThan(at('Solana wallet').y)
      expect(at('Solana wallet').y).toBeLessThan(at('Dev wallet').y)
      expect(at('Dev wallet').x).toBeGreaterThan(viewport.width / 2)
      // The panels: Solana left, Bitcoin in the middle, Dev wallet right.
      expect(at('Solana wallet panel').x).toBeLessThan(at('Bitcoin wallet panel').x)
      expect(at('Bitcoin wallet panel').x).toBeLessThan(at('Dev wallet panel').x)
    }
    expect(pageErrors).toEqual([])
  })

  it('sends a transfer built and signed in the page, which the chain accepts', async () => {
    const connecting = app('connect')
    await answer('Connect to this site', 'Approve')
    await connecting
    const to = devnet.bitcoin.accounts[1]?.payment.address as string
    const before = devnet.bitcoin.balance(to)

    const sending = app<{ txid: string }>('sendTransfer', to, 1_234_567)
    const prompt = wallet().getByRole('group', { name: 'Send bitcoin' })
    await prompt.waitFor()
    expect(await prompt.textContent()).toContain(`To: ${to}  0.01234567 BTC`)
    await answer('Send bitcoin', 'Approve')
    const { txid } = await sending
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(devnet.bitcoin.ledger.mempool()).toContain(txid)
    expect(devnet.bitcoin.balance(to)).toBe(before + 1_234_567n)
    devnet.bitcoin.mine()
    expect(devnet.bitcoin.ledger.transaction(txid)?.block?.height).toBe(
      devnet.bitcoin.ledger.tip().height,
    )
    expect(pageErrors).toEqual([])
  })
})
