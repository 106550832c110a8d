import { fileURLToPath } from 'node:url'
import {
  type Address,
  createSolanaRpc,
  getPublicKeyFromAddress,
  type Signature,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import type { BrowserContext, Page } from 'playwright-core'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type StartedBrowser } from '../../e2e/support/browser.js'
import { type Devnet, startDevnet } from '../src/index.js'
import { porticoDevnet } from '../src/vite/plugin.js'

type Settled<T> =
  | { ok: true; value: T }
  | { ok: false; name?: string; message?: string; code?: number; walletStandardCode?: number }

type AppAccount = { address: string; chains: string[]; publicKey: number[] }

declare global {
  interface Window {
    app: {
      ready: boolean
      registrations: number
      wallets(): { name: string; chains: string[]; features: string[] }[]
      watch(): void
      changes(): string[][]
      connect(silent?: boolean): Promise<Settled<AppAccount[]>>
      disconnect(): Promise<Settled<void>>
      signMessage(
        text: string,
      ): Promise<Settled<{ signature: number[]; signedMessage: number[]; type: string }>>
      sendSol(rpcUrl: string, to: string, lamports: string, chain: string): Promise<Settled<string>>
    }
  }
}

const CAIP = 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP'
let devnet: Devnet
let vite: ViteDevServer
let chromium: StartedBrowser
let context: BrowserContext | undefined
let page: Page
let pageErrors: string[]

beforeAll(async () => {
  ;[devnet, chromium] = await Promise.all([
    startDevnet({ ports: { api: 0, relay: 0, chains: [0, 0, 0] } }),
    launchBrowser(),
  ])
  vite = await createServer({
    root: fileURLToPath(new URL('./solana-wallet-page', import.meta.url)),
    configFile: false,
    logLevel: 'silent',
    plugins: [porticoDevnet({ devnet: devnet.info(), wallet: false, bitcoinWallet: false })],
    server: { port: 0, host: '127.0.0.1' },
    optimizeDeps: { include: ['@wallet-standard/app', '@solana/kit'] },
  })
  await vite.listen()
})

afterAll(async () => {
  await chromium?.close()
  await vite?.close()
  await devnet?.stop()
})

afterEach(async () => {
  expect(pageErrors).toEqual([])
  await context?.close()
  context = undefined
})

async function open() {
  context = await chromium.browser.newContext()
  page = await context.newPage()
  pageErrors = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(vite.resolvedUrls?.local[0] ?? '')
  await page.waitForFunction(() => window.app?.ready === true)
  return page
}

const panel = () => page.getByRole('region', { name: 'Solana wallet panel' })

/** Waits for the wallet's prompt with this title, then answers it. */
async function answer(title: string, button: 'Approve' | 'Reject') {
  await panel().getByRole('heading', { name: title }).waitFor()
  await panel().getByRole('button', { name: button }).click()
}

describe('Devnet Solana Wallet in Chromium, through the Wallet Standard', () => {
  it('is found by name by a Wallet Standard app, on the devnet chain, with its features', async () => {
    await open()
    const wallets = await page.evaluate(() => window.app.wallets())
    expect(wallets).toEqual([
      {
        name: 'Devnet Solana Wallet',
        chains: [CAIP, 'solana:localnet'],
        features: [
          'standard:connect',
          'standard:disconnect',
          'standard:events',
          'solana:signMessage',
          'solana:signTransaction',
          'solana:signAndSendTransaction',
        ],
      },
    ])
    // Its toggle is on the page, named for people and tests.
    await expect(page.getByRole('button', { name: 'Solana wallet' }).isVisible()).resolves.toBe(
      true,
    )
  })

  it('connects after Approve, signs a message kit verifies, and Reject gives a rejection error', async () => {
    await open()
    expect(await page.evaluate(() => window.app.connect(true))).toEqual({ ok: true, value: [] })

    const connecting = page.evaluate(() => window.app.connect())
    await answer('Connect to this site', 'Approve')
    const connected = await connecting
    expect(connected).toEqual({
      ok: true,
      value: [
        {
          address: devnet.solana.accounts[0],
          chains: [CAIP, 'solana:localnet'],
          publicKey: expect.any(Array),
        },
      ],
    })

    const signing = page.evaluate(() => window.app.signMessage('Sign in to Portico devnet'))
    // The prompt shows the message as text before anything is signed.
    await panel().getByText('Sign in to Portico devnet').waitFor()
    await answer('Signature request', 'Approve')
    const signed = await signing
    if (!signed.ok) throw new Error(`signMessage failed: ${signed.message}`)
    expect(signed.value.type).toBe('ed25519')
    const message = new TextEncoder().encode('Sign in to Portico devnet')
    expect(signed.value.signedMessage).toEqual([...message])
    const publicKey = await getPublicKeyFromAddress(devnet.solana.accounts[0] as Address)
    const signature = Uint8Array.from(signed.value.signature) as SignatureBytes
    expect(await verifySignature(publicKey, signature, message)).toBe(true)
    expect(await verifySignature(publicKey, signature, new TextEncoder().encode('other'))).toBe(
      false,
    )

    const refused = page.evaluate(() => window.app.signMessage('Do not sign this'))
    await answer('Signature request', 'Reject')
    expect(await refused).toEqual({
      ok: false,
      name: 'WalletStandardError',
      message: 'The user rejected the request',
      code: 4001,
      walletStandardCode: 4001000,
    })
  })

  it('remembers the approval across a reload, follows the account chosen in the panel, and forgets on disconnect', async () => {
    await open()
    const first = page.evaluate(() => window.app.connect())
    await answer('Connect to this site', 'Approve')
    await first
    await page.reload()
    await page.waitForFunction(() => window.app?.ready === true)
    const silent = await page.evaluate(() => window.app.connect(true))
    expect(silent).toMatchObject({ ok: true, value: [{ address: devnet.solana.accounts[0] }] })

    await page.evaluate(() => window.app.watch())
    await page.getByRole('button', { name: 'Solana wallet' }).click()
    await panel().getByRole('combobox', { name: 'Account' }).selectOption({ index: 1 })
    await page.waitForFunction(() => window.app.changes().length > 0)
    expect(await page.evaluate(() => window.app.changes())).toEqual([[devnet.solana.accounts[1]]])

    expect(await page.evaluate(() => window.app.disconnect())).toEqual({ ok: true })
    expect(await page.evaluate(() => window.app.changes())).toEqual([
      [devnet.solana.accounts[1]],
      [],
    ])
    expect(await page.evaluate(() => window.app.connect(true))).toEqual({ ok: true, value: [] })
  })

  it('signs and sends a SOL transfer after Approve, which lands on the devnet chain', async () => {
    await open()
    const connecting = page.evaluate(() => window.app.connect())
    await answer('Connect to this site', 'Approve')
    await connecting
    const rpc = createSolanaRpc(devnet.solana.rpcUrl)
    const [from, to] = devnet.solana.accounts as [Address, Address]
    const [fromBefore, toBefore] = [
      (await rpc.getBalance(from).send()).value,
      (await rpc.getBalance(to).send()).value,
    ]

    const sending = page.evaluate(
      ([rpcUrl, receiver]) => window.app.sendSol(rpcUrl, receiver, '1500000000', 'solana:localnet'),
      [devnet.solana.rpcUrl, to] as const,
    )
    await panel().getByText(`Instruction 1: System Program: transfer 1.5 SOL to ${to}`).waitFor()
    await answer('Transaction request', 'Approve')
    const sent = await sending
    if (!sent.ok) throw new Error(`signAndSendTransaction failed: ${sent.message}`)
    const { value } = await rpc.getSignatureStatuses([sent.value as Signature]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect((await rpc.getBalance(from).send()).value).toBe(fromBefore - 1_500_000_000n - 5000n)
    expect((await rpc.getBalance(to).send()).value).toBe(toBefore + 1_500_000_000n)
  })
})
