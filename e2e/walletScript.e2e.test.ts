import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Devnet, startDevnet } from '@portico/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type StartedBrowser } from './support/browser.js'

// A page the Vite plugin does not serve (here: plain HTML from a bare Node server, as a Next.js
// app, a static build or another framework would be) gets the devnet's wallets from one script
// tag, `<script type="module" src="<walletsScriptUrl>">`, and a dApp on it finds them the
// standard ways: EIP-6963 and the Wallet Standard.

let devnet: Devnet
let browser: StartedBrowser
let site: Server
let siteUrl: string
let context: BrowserContext
let page: Page

/** A page holding nothing but the script tag (and the query the test gives it). */
function servePage(scriptUrl: () => string): Promise<Server> {
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://page.invalid').search
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end(
      `<!doctype html><html><head><title>plain page</title><script type="module" src="${scriptUrl()}${query}"></script></head><body><h1>plain page</h1></body></html>`,
    )
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0] } })
  ;[browser, site] = await Promise.all([launchBrowser(), servePage(() => devnet.walletsScriptUrl)])
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
}, 240_000)

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await new Promise((resolve) => site?.close(resolve))
  await devnet?.stop()
})

/** The names EIP-6963 and the Wallet Standard announce on the page, as a dApp finds them. */
const announced = (p: Page) =>
  p.evaluate(() => {
    const eip6963: string[] = []
    window.addEventListener('eip6963:announceProvider', (event) => {
      eip6963.push((event as CustomEvent<{ info: { name: string } }>).detail.info.name)
    })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    const standard: string[] = []
    window.dispatchEvent(
      new CustomEvent('wallet-standard:app-ready', {
        detail: {
          register: (...wallets: { name: string }[]) =>
            standard.push(...wallets.map((w) => w.name)),
        },
      }),
    )
    return { eip6963, standard }
  })

async function open(query = '') {
  await context?.close()
  context = await browser.browser.newContext()
  page = await context.newPage()
  await page.goto(`${siteUrl}${query}`)
  await page.getByRole('heading', { name: 'plain page' }).waitFor()
}

describe('the wallets script tag on a page the Vite plugin does not serve', () => {
  it('puts the Devnet Wallet (EIP-6963) and the Solana and Bitcoin wallets (Wallet Standard) on it', async () => {
    await open()
    await expect
      .poll(() => announced(page))
      .toEqual({
        eip6963: ['Devnet Wallet'],
        standard: ['Devnet Solana Wallet', 'Devnet Bitcoin Wallet'],
      })
  })

  it('leaves a wallet off when its option is 0', async () => {
    await open('?solanaWallet=0&bitcoinWallet=false')
    await expect.poll(() => announced(page)).toEqual({ eip6963: ['Devnet Wallet'], standard: [] })
  })

  it('with autoApprove=1 the Devnet Wallet connects without a prompt, on the devnet account and chain', async () => {
    await open('?autoApprove=1')
    const answer = await page.evaluate(async () => {
      const providers: { request(args: { method: string }): Promise<unknown> }[] = []
      window.addEventListener('eip6963:announceProvider', (event) => {
        providers.push(
          (event as CustomEvent<{ provider: (typeof providers)[number] }>).detail.provider,
        )
      })
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      const [provider] = providers
      if (!provider) return 'no provider'
      return {
        accounts: await provider.request({ method: 'eth_requestAccounts' }),
        chainId: await provider.request({ method: 'eth_chainId' }),
      }
    })
    expect(answer).toEqual({
      accounts: [devnet.accounts[0]!.address],
      chainId: `0x${devnet.chains[0]!.chainId.toString(16)}`,
    })
  })

  it('refuses an unknown wallet name rather than ignoring it', async () => {
    const response = await fetch(`${devnet.walletsScriptUrl}?solanaWalet=0`)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: string }).error).toBe(
      'unknown parameter "solanaWalet": expected autoApprove or wallet, solanaWallet, bitcoinWallet',
    )
  })
})
