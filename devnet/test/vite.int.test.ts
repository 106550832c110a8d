import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, createServer, type Rolldown, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetInfoAt } from '../src/index.js'
import { porticoDevnet } from '../src/vite/plugin.js'

// No chain is needed: the plugin only passes the devnet's description on.
const info = devnetInfoAt({ api: 18787, chains: [18545, 18546, 18547] })
let root: string
let server: ViteDevServer
let base: string

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'portico-devnet-vite-'))
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body><script type="module" src="/main.js"></script></body></html>',
  )
  writeFileSync(
    join(root, 'main.js'),
    "import devnet, { apiUrls } from 'virtual:portico-devnet'\nconsole.log(devnet.networks, apiUrls)\n",
  )
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [porticoDevnet({ devnet: info, autoApprove: true })],
    server: { port: 0, host: '127.0.0.1' },
    // Nothing here needs Vite's dependency pre-bundling, which runs in the background after
    // listen() and wrote into the temporary root while afterAll removed it (ENOTEMPTY in CI).
    optimizeDeps: { noDiscovery: true },
  })
  await server.listen()
  base = server.resolvedUrls?.local[0] ?? ''
})

afterAll(async () => {
  await server?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

describe('porticoDevnet() Vite plugin', () => {
  it('injects the Devnet Wallet into the page in dev mode', async () => {
    const html = await (await fetch(base)).text()
    expect(html).toContain(
      '<script type="module" src="/@id/__x00__virtual:portico-devnet/wallet"></script>',
    )
    const entry = await (await fetch(`${base}@id/__x00__virtual:portico-devnet/wallet`)).text()
    expect(entry).toContain('installDevnetWallet(')
    for (const chain of [...info.chains, info.unlistedChain]) expect(entry).toContain(chain.rpcUrl)
    expect(entry).toContain('"autoApprove":true')

    // The wallet's own source is served from the devnet package.
    const walletPath = /from "([^"]+wallets\/evm\/index\.ts)"/.exec(entry)?.[1]
    expect(walletPath).toBeDefined()
    const wallet = await fetch(new URL(walletPath ?? '', base))
    expect(wallet.status).toBe(200)
    expect(await wallet.text()).toContain('eip6963:announceProvider')
  })

  it('injects the Devnet Solana Wallet on the devnet Solana chain in dev mode', async () => {
    const html = await (await fetch(base)).text()
    expect(html).toContain(
      '<script type="module" src="/@id/__x00__virtual:portico-devnet/solana-wallet"></script>',
    )
    const entry = await (
      await fetch(`${base}@id/__x00__virtual:portico-devnet/solana-wallet`)
    ).text()
    expect(entry).toContain('installDevnetSolanaWallet(')
    expect(entry).toContain(
      `"chains":[{"id":"solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP","name":"Devnet Solana","rpcUrl":"${info.solana.rpcUrl}","aliases":["solana:localnet"]}]`,
    )
    const walletPath = /from "([^"]+wallets\/solana\/index\.ts)"/.exec(entry)?.[1]
    const wallet = await fetch(new URL(walletPath ?? '', base))
    expect(wallet.status).toBe(200)
    expect(await wallet.text()).toContain('wallet-standard:register-wallet')
  })

  it('injects the Devnet Bitcoin Wallet on the devnet Esplora API in dev mode', async () => {
    const html = await (await fetch(base)).text()
    expect(html).toContain(
      '<script type="module" src="/@id/__x00__virtual:portico-devnet/bitcoin-wallet"></script>',
    )
    const entry = await (
      await fetch(`${base}@id/__x00__virtual:portico-devnet/bitcoin-wallet`)
    ).text()
    expect(entry).toContain('installDevnetBitcoinWallet(')
    expect(entry).toContain(`"esploraUrl":${JSON.stringify(info.bitcoin.esploraUrl)}`)
    expect(entry).toContain('"autoApprove":true')
    const walletPath = /from "([^"]+wallets\/bitcoin\/index\.ts)"/.exec(entry)?.[1]
    const wallet = await fetch(new URL(walletPath ?? '', base))
    expect(wallet.status).toBe(200)
    expect(await wallet.text()).toContain('wallet-standard:register-wallet')
  })

  it('leaves off the page each wallet whose option is false, and only that one', async () => {
    const scripts = {
      wallet: 'virtual:portico-devnet/wallet"',
      solanaWallet: 'virtual:portico-devnet/solana-wallet"',
      bitcoinWallet: 'virtual:portico-devnet/bitcoin-wallet"',
    }
    for (const off of Object.keys(scripts) as (keyof typeof scripts)[]) {
      const dev = await createServer({
        root,
        configFile: false,
        logLevel: 'silent',
        plugins: [porticoDevnet({ devnet: info, [off]: false })],
        server: { port: 0, host: '127.0.0.1' },
        optimizeDeps: { noDiscovery: true },
      })
      try {
        await dev.listen()
        const html = await (await fetch(dev.resolvedUrls?.local[0] ?? '')).text()
        for (const [option, script] of Object.entries(scripts)) {
          if (option === off) expect(html, `${off}: false`).not.toContain(script)
          else expect(html, `${off}: false`).toContain(script)
        }
      } finally {
        await dev.close()
      }
    }
  })

  it('serves virtual:portico-devnet with what createPortico needs', async () => {
    const code = await (await fetch(`${base}@id/__x00__virtual:portico-devnet`)).text()
    expect(code).toContain('export const projectId = "devnet"')
    expect(code).toContain(
      `export const apiUrls = ${JSON.stringify({ blockchain: info.apiUrl, toolkit: info.apiUrl, pulse: info.apiUrl, relay: info.relayUrl })}`,
    )
    expect(code).toContain(`export const mobileWalletUrl = ${JSON.stringify(info.mobileWalletUrl)}`)
    expect(code).toContain(`export const secureSiteUrl = ${JSON.stringify(info.secureSiteUrl)}`)
    expect(code).toContain(JSON.stringify(info.networks))
    expect(code).toContain(`export const unlistedChain = ${JSON.stringify(info.unlistedChain)}`)
    // The Solana chain apart from `networks`, which apps hand whole to the SDK.
    expect(code).toContain(`export const solanaNetworks = ${JSON.stringify([info.solana.network])}`)
    expect(info.solana.network).toMatchObject({
      id: 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP',
      name: 'Devnet Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { http: ['http://127.0.0.1:8899'] },
    })
    expect(code).toContain('"usdc":"GYUbjc8XZSbz8K21zBasax5SFH2bsy1Z1eBJeSE8Zhce"')
    expect(code).toContain(
      `export const bitcoinNetworks = ${JSON.stringify([
        {
          id: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
          name: 'Devnet Bitcoin',
          nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
          rpcUrls: { http: ['http://127.0.0.1:8790'] },
          testnet: true,
        },
      ])}`,
    )
    // Bitcoin stays out of `networks`, which apps hand to the SDK whole.
    expect(code).toContain(
      `export const bitcoin = ${JSON.stringify({ caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', esploraUrl: 'http://127.0.0.1:8790' })}`,
    )
    // Neither stays in `networks`, which apps hand to the SDK whole.
    expect(code).not.toMatch(/export const networks = .*bip122/)
    expect(code).not.toMatch(/export const networks = .*solana:/)
    // The swap contracts (the same on every chain) and the chains to add to the swap networks.
    // `routers`: the router of each swap chain, for the app's `swaps.routers`.
    const router = info.swap[31337]!.router
    const swap = {
      ...info.swap[31337],
      chainIds: [31337, 31338],
      routers: { 31337: [router], 31338: [router] },
    }
    expect(code).toContain(`export const swap = ${JSON.stringify(swap)}`)
    expect(code).toContain(`export const tokens = ${JSON.stringify(info.tokens[31337])}`)
    // The app's own contract, at the same address on every chain.
    expect(code).toContain('export const guestbook = "0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84"')
    // The on-ramp options: the devnet's checkout origin, which the SDK opens only when listed.
    const onramp = {
      meldUrl: `${info.apiUrl}/onramp/meld`,
      checkoutOrigins: [new URL(info.apiUrl).origin],
    }
    expect(code).toContain(`export const onramp = ${JSON.stringify(onramp)}`)
  })

  it('builds the virtual module into a production bundle without the wallet', async () => {
    const output = (await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [porticoDevnet({ devnet: info })],
      build: { write: false },
    })) as Rolldown.RolldownOutput
    const js = output.output
      .filter((chunk): chunk is Rolldown.OutputChunk => chunk.type === 'chunk')
      .map((chunk) => chunk.code)
      .join('\n')
    expect(js).toContain(info.apiUrl)
    expect(js).not.toContain('installDevnetWallet')
    expect(js).not.toContain('installDevnetSolanaWallet')
    expect(js).not.toContain('installDevnetBitcoinWallet')
    expect(js).not.toContain('Devnet Wallet')
    expect(js).not.toContain('Devnet Solana Wallet')
    const html = output.output.find((asset) => asset.fileName === 'index.html')
    expect(html && 'source' in html ? String(html.source) : '').not.toContain('portico-devnet')
  })

  it('puts the wallets into a built page when asked (inBuild), for tests of a production build', async () => {
    const output = (await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [porticoDevnet({ devnet: info, inBuild: true, bitcoinWallet: false })],
      build: { write: false },
    })) as Rolldown.RolldownOutput
    const js = output.output
      .filter((chunk): chunk is Rolldown.OutputChunk => chunk.type === 'chunk')
      .map((chunk) => chunk.code)
      .join('\n')
    // Minified: the wallets are found by the names they announce.
    expect(js).toContain('`Devnet Wallet`')
    expect(js).toContain('`Devnet Solana Wallet`')
    expect(js).not.toContain('Devnet Bitcoin Wallet')
    const html = output.output.find((asset) => asset.fileName === 'index.html')
    const page = html && 'source' in html ? String(html.source) : ''
    // Bundled: the page loads built files, never the dev server's module ids.
    expect(page).not.toContain('@id/')
    expect(page).not.toContain('virtual:portico-devnet')
  })

  it('loads from a vite.config.ts through the package entry plain node can run', async () => {
    // As an example does: a config file importing '@portico/devnet/vite', which Vite loads
    // natively (no `source` condition), and the devnet info from PORTICO_DEVNET.
    const app = mkdtempSync(join(tmpdir(), 'portico-devnet-config-'))
    mkdirSync(join(app, 'node_modules', '@portico'), { recursive: true })
    symlinkSync(
      fileURLToPath(new URL('..', import.meta.url)),
      join(app, 'node_modules', '@portico', 'devnet'),
    )
    writeFileSync(join(app, 'package.json'), '{ "type": "module" }')
    writeFileSync(join(app, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
    writeFileSync(
      join(app, 'vite.config.ts'),
      "import { porticoDevnet } from '@portico/devnet/vite'\nexport default { plugins: [porticoDevnet()] }\n",
    )
    const moved = devnetInfoAt({ api: 28787, chains: [28545, 28546, 28547] })
    const previous = process.env.PORTICO_DEVNET
    process.env.PORTICO_DEVNET = JSON.stringify(moved)
    const dev = await createServer({
      root: app,
      configFile: join(app, 'vite.config.ts'),
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1' },
      optimizeDeps: { noDiscovery: true },
    })
    try {
      await dev.listen()
      const url = dev.resolvedUrls?.local[0] ?? ''
      expect(await (await fetch(url)).text()).toContain('virtual:portico-devnet/wallet')
      const code = await (await fetch(`${url}@id/__x00__virtual:portico-devnet`)).text()
      expect(code).toContain('http://127.0.0.1:28787')
      expect(dev.config.optimizeDeps.include).toContain('@portico/devnet > viem/accounts')
      expect(dev.config.optimizeDeps.include).toContain('@portico/devnet > @solana/kit')
      expect(dev.config.optimizeDeps.include).toContain('@portico/devnet > @scure/btc-signer')
    } finally {
      await dev.close()
      if (previous === undefined) delete process.env.PORTICO_DEVNET
      else process.env.PORTICO_DEVNET = previous
      rmSync(app, { recursive: true, force: true })
    }
  })
})
