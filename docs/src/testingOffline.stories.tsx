import { Code } from './Code.js'
import { Prose } from './LiveClient.js'

export default { title: 'Testing offline' }

const RUN = `npm install --save-dev @portico/devnet
npx portico-devnet                                      # default ports, Ctrl-C stops it
npx portico-devnet --free-ports --info-file devnet.json # CI: free ports, the description as JSON
npx portico-devnet --help`

// What `npx portico-devnet` prints (default ports; the SMTP port is a free one).
const PRINTED = `Portico devnet is up in 4.8 s (Ctrl-C stops it)

  API               http://127.0.0.1:8787  (Blockchain API and toolkit backend)
  WalletConnect     ws://127.0.0.1:8788  (relay)
  mobile wallet     http://127.0.0.1:8788/mobile-wallet  (Devnet Mobile Wallet: pair a wc: URI)
  secure site       http://127.0.0.1:8789/  (embedded wallet: its frame is /sdk)
  Devnet Inbox      http://127.0.0.1:8789/inbox  (login mail: device links and codes)
  mail (SMTP)       smtp://127.0.0.1:36397  (catches the login mail; read it in the Devnet Inbox)
  chain 31337       http://127.0.0.1:8545  (Devnet)
  chain 31338       http://127.0.0.1:8546  (Devnet L2)
  chain 31339       http://127.0.0.1:8547  (Devnet Unlisted, not configured in the examples)
  chain Solana      http://127.0.0.1:8899  (solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP, JSON-RPC)
  chain Bitcoin     http://127.0.0.1:8790  (bip122:0f9188f13cb7b2c71f2a335e3a4fc328, Esplora REST)
  guestbook         0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84  (DevnetGuestbook, every EVM chain; ABI: DevnetGuestbook.abi from @portico/devnet/contracts)
  browser wallets   with Vite: porticoDevnet() from @portico/devnet/vite puts them on the page
                    any page: <script type="module" src="http://127.0.0.1:8787/devnet/wallets.js"></script>
                    (?autoApprove=1: no prompts; ?solanaWallet=0 or ?bitcoinWallet=0 leaves one off)

  mnemonic: test test test test test test test test test test test junk
  account 0: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
  …

createPortico config for this devnet (paste into your app):

import { createPortico } from '@portico/core'

export const portico = createPortico({
  projectId: 'devnet',
  networks: [
    {
      id: 'eip155:31337',
      name: 'Devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { http: ['http://127.0.0.1:8545'] },
      testnet: true,
    },
    {
      id: 'eip155:31338',
      name: 'Devnet L2',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { http: ['http://127.0.0.1:8546'] },
      testnet: true,
    },
  ],
  apiUrls: {
    blockchain: 'http://127.0.0.1:8787',
    toolkit: 'http://127.0.0.1:8787',
    pulse: 'http://127.0.0.1:8787',
    relay: 'ws://127.0.0.1:8788',
    secureSite: 'http://127.0.0.1:8789',
  },
})`

const VITE_CONFIG = `// vite.config.ts
import { porticoDevnet } from '@portico/devnet/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  // Only while you develop against the devnet (an env flag, a mode of its own…).
  plugins: [react(), porticoDevnet()],
})`

const VITE_APP = `// src/portico.ts
/// <reference types="@portico/devnet/virtual" />
import { apiUrls, networks, projectId, secureSiteUrl } from 'virtual:portico-devnet'
import { createPortico } from '@portico/core'

export const portico = createPortico({
  projectId, // 'devnet': the devnet takes any id
  networks, // Devnet (31337) and Devnet L2 (31338), their RPC URLs
  apiUrls: { ...apiUrls, secureSite: secureSiteUrl },
})`

const SCRIPT_TAG = `<!-- Any page (Next.js, a static build, another framework): the three wallets, one tag.
     Only while you develop or test against the devnet. -->
<script type="module" src="http://127.0.0.1:8787/devnet/wallets.js"></script>

<!-- No prompts (tests), and the Bitcoin wallet left off: -->
<script type="module" src="http://127.0.0.1:8787/devnet/wallets.js?autoApprove=1&bitcoinWallet=0"></script>`

const NO_VITE = `// Or from your own code: paste the printed config, and install the Devnet Wallet yourself.
import { installDevnetWallet } from '@portico/devnet/wallet'

installDevnetWallet({
  chains: [
    { chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545' },
    { chainId: 31338, name: 'Devnet L2', rpcUrl: 'http://127.0.0.1:8546' },
  ],
  // autoApprove: true, // no prompts: every request is approved
})`

const UNIT = `// An integration test (vitest, Node): a devnet of its own on free ports, and the Devnet
// Wallet's core handed to Portico as a connector, approving every request.
import { createMemoryStorage, createPortico } from '@portico/core'
import { DevnetGuestbook, startDevnet } from '@portico/devnet'
import { createDevnetWalletCore } from '@portico/devnet/wallet'

const devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0] } })
const wallet = createDevnetWalletCore({ chains: [...devnet.chains], autoApprove: true })
const portico = createPortico({
  projectId: 'devnet',
  networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
  apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
  storage: createMemoryStorage(),
  connectors: [{ id: 'devnet-wallet', name: 'Devnet Wallet', provider: wallet.provider }],
})
await portico.connection.connect({ connectorId: 'devnet-wallet' })
const { receipt } = await portico.wallet.writeContract({
  address: devnet.guestbook[31337]!,
  abi: DevnetGuestbook.abi,
  functionName: 'sign',
  args: ['from a test'],
})
// …
portico.destroy()
await devnet.stop()`

const BROWSER = `// A browser test (Playwright): the Vite plugin finds the devnet in PORTICO_DEVNET.
const devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0] } })
process.env.PORTICO_DEVNET = JSON.stringify(devnet.info())
const server = await createServer({ configFile: 'vite.config.ts', server: { port: 0 } })
await server.listen()

// The Devnet Wallet's panel lives in a shadow root; Playwright's locators pierce it.
const wallet = page.locator('#portico-devnet-wallet')
await page.getByRole('button', { name: 'Connect wallet' }).click()
await page.getByRole('dialog', { name: 'Connect wallet' })
  .getByRole('button', { name: 'Devnet Wallet', exact: true }).click()
await wallet.getByRole('button', { name: 'Approve' }).click() // or 'Reject': 4001

// Email login: the code is in the Devnet Inbox, also as JSON.
const inbox = await fetch(\`\${devnet.secureSiteUrl}/api/inbox?address=ada@example.com\`)
const { messages } = await inbox.json() // newest first: { subject, text, receivedAt, … }`

const CI = `# .github/workflows/test.yml (the steps)
- run: npm ci
# anvil comes with the package (@foundry-rs/anvil): nothing else to install.
- run: npx portico-devnet --free-ports --info-file devnet.json &
- run: for i in $(seq 1 60); do test -s devnet.json && break; sleep 1; done; test -s devnet.json
- run: PORTICO_DEVNET="$(cat devnet.json)" npm test`

export const YourAppOnTheDevnet = () => (
  <Prose>
    <h1>Testing offline</h1>
    <p>
      The devnet is everything Portico talks to, on your machine: three local EVM chains (anvil)
      with tokens, Uniswap V2 and a guestbook contract for your own calls, a Solana chain, a regtest
      Bitcoin chain, the Blockchain API and wallet list, a WalletConnect relay with a phone-like
      wallet, the email wallet's secure site with a mail catcher and the Devnet Inbox, and browser
      wallets that ask you to approve each request. No internet and no project id. This repository's
      examples, docs and tests all run on it; your app can too.
    </p>

    <h2>Run it: npx portico-devnet</h2>
    <p>
      Add <code>@portico/devnet</code> as a development dependency (it runs from its TypeScript
      sources through tsx: nothing to build; anvil comes with it). Its bin starts the same devnet{' '}
      <code>pnpm dev</code> does, without the examples.
    </p>
    <Code code={RUN} label="Run the devnet" />
    <p>
      It prints every URL a person needs, the guestbook's address, the mnemonic and the funded
      accounts (10 000 ETH each, and tokens), and last a <code>createPortico</code> call to paste
      into your app. When a devnet already answers on the API port, it prints that one's config and
      exits. Ports come from options or the same environment variables the Vite plugin reads (
      <code>PORTICO_API_PORT</code>, <code>PORTICO_CHAIN_PORTS</code>, …).
    </p>
    <Code code={PRINTED} label="What it prints" />

    <h2>A Vite app: the plugin</h2>
    <p>
      <code>porticoDevnet()</code> serves <code>virtual:portico-devnet</code>: plain data ready for{' '}
      <code>createPortico</code> (<code>projectId</code>, <code>apiUrls</code>,{' '}
      <code>networks</code>, <code>secureSiteUrl</code>, the token and <code>guestbook</code>{' '}
      addresses, the Solana and Bitcoin networks). In dev mode it also puts the Devnet Wallet
      (EIP-6963) and the Solana and Bitcoin wallets on the page;{' '}
      <code>porticoDevnet({'{ autoApprove: true }'})</code> (or{' '}
      <code>PORTICO_DEVNET_AUTO_APPROVE=1</code>) turns their prompts off, and{' '}
      <code>{'{ wallet: false }'}</code> leaves one off. It finds the devnet in{' '}
      <code>PORTICO_DEVNET</code> (the JSON of <code>--info-file</code>), else at the default ports.
      A production build gets the virtual module's data only.
    </p>
    <Code code={VITE_CONFIG} label="vite.config.ts" />
    <Code code={VITE_APP} label="src/portico.ts" />

    <h2>Any other page: one script tag</h2>
    <p>
      A page the plugin does not serve (Next.js, a production build under test, another framework)
      gets the same wallets from the devnet itself: <code>/devnet/wallets.js</code> on the API
      server (<code>walletsScriptUrl</code> in the devnet's description) is a module script that
      puts the Devnet Wallet (EIP-6963) and the Solana and Bitcoin wallets (Wallet Standard) on the
      page, on the running devnet's chains. <code>?autoApprove=1</code> turns their prompts off;{' '}
      <code>?wallet=0</code>, <code>?solanaWallet=0</code>, <code>?bitcoinWallet=0</code> leave one
      off; an unknown parameter is refused (400), so a typo never leaves a wallet on. It answers
      pages on loopback origins only.
    </p>
    <Code code={SCRIPT_TAG} label="Script tag" />
    <Code code={NO_VITE} label="From your code" />

    <h2>Tests</h2>
    <p>
      A test starts a devnet of its own with <code>startDevnet</code> on free ports (about a
      second), so suites run side by side and start from the same state: the same accounts, the same
      contract addresses on every chain and every run, an empty guestbook.{' '}
      <code>devnet.stop()</code> stops everything it started.
    </p>
    <Code code={UNIT} label="Integration test" />
    <Code code={BROWSER} label="Browser test" />
    <p>
      <code>e2e/dapp.e2e.test.ts</code> in this repository is a whole journey of that kind: the
      modal connects the Devnet Wallet, the app signs the guestbook, the test approves in the
      wallet's panel and reads the entry back from the chain; then the same with the email wallet,
      its code read from the Devnet Inbox.
    </p>

    <h2>CI</h2>
    <p>
      Start the devnet in the background on free ports, wait for its description file, and hand it
      to your tests as <code>PORTICO_DEVNET</code>. Everything listens on loopback only.
    </p>
    <Code code={CI} label="CI steps" />
  </Prose>
)
