import {
  cookieStorage,
  createPortico,
  type PorticoClient,
  type PorticoInitialState,
} from '@portico/core'
import { createDevnetWalletCore } from '@portico/devnet/wallet'
import { PorticoProvider, useAccount } from '@portico/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { type State, useConnection, WagmiProvider } from 'wagmi'
import { connect } from 'wagmi/actions'
import { createPorticoWagmiConfig } from './config.js'
import { cookieToPorticoWagmiState } from './cookies.js'

// Nothing here reaches a chain (connecting asks the wallet only): a closed port.
const CHAIN = { chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9' }
const NETWORK = {
  id: 'eip155:31337',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { http: [CHAIN.rpcUrl] },
} as const
const clients: PorticoClient[] = []

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy()
  clearCookies()
})

function clearCookies() {
  for (const pair of document.cookie.split('; ').filter(Boolean)) {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser
    document.cookie = `${pair.slice(0, pair.indexOf('='))}=; Path=/; Max-Age=0`
  }
}

function portico(initialState?: PorticoInitialState) {
  const wallet = createDevnetWalletCore({ chains: [CHAIN], autoApprove: true, storageKey: 'ssr' })
  const client = createPortico({
    projectId: 'devnet',
    networks: [NETWORK],
    ssr: true,
    storage: cookieStorage,
    initialState,
    // Offline: what the modal fetches when it opens (the wallet list) fails at once.
    fetch: () => Promise.reject(new TypeError('offline')),
    logLevel: 'silent',
    connectors: [{ id: 'devnet-wallet', name: 'Devnet Wallet', provider: wallet.provider }],
  })
  clients.push(client)
  return client
}

function Accounts() {
  const account = useAccount()
  const connection = useConnection()
  return <p>{`Portico: ${account.address ?? 'none'}; wagmi: ${connection.address ?? 'none'}`}</p>
}

/** The server's HTML of a page with both providers, given what the request's cookies held. */
function serverHtml(cookie: string) {
  const initialState = cookieToPorticoWagmiState(cookie)
  const client = portico(initialState.portico)
  const config = createPorticoWagmiConfig({ client, ssr: true })
  return renderToString(
    <PorticoProvider client={client}>
      <WagmiProvider config={config} initialState={initialState.wagmi as State}>
        <QueryClientProvider client={new QueryClient()}>
          <Accounts />
        </QueryClientProvider>
      </WagmiProvider>
    </PorticoProvider>,
  )
}

describe('a page rendered on the server (Next.js)', () => {
  it("shows a returning visitor's account in Portico's and wagmi's hooks alike", async () => {
    // The visit before: connected through wagmi, which opened Portico's modal.
    const client = portico()
    const config = createPorticoWagmiConfig({ client, ssr: true })
    client.modal.$open.listen((open) => {
      if (open) void client.connection.connect({ connectorId: 'devnet-wallet' })
    })
    const { accounts } = await connect(config, { connector: config.connectors[0]! })
    const address = accounts[0]
    const cookie = document.cookie
    expect(cookie).toContain('wagmi.store=')

    // The next request: the server has only its Cookie header, and the browser has not run yet.
    clearCookies()
    const html = serverHtml(cookie)
    expect(html).toContain(`Portico: ${address}; wagmi: ${address}`)
  })

  it('shows no account in either for a first visit', () => {
    expect(serverHtml('')).toContain('Portico: none; wagmi: none')
  })
})
