import { ConnectButton, Modal, NetworkButton } from '@portico/ui-kit'
import { Code } from './Code.js'
import { Example, Live, Prose } from './LiveClient.js'
import WagmiExample from './live/WagmiExample.js'
import wagmiSource from './live/WagmiExample.tsx?raw'

export default { title: 'With wagmi' }

const INSTALL =
  'npm install @portico/core @portico/react @portico/ui-kit @portico/wagmi wagmi @tanstack/react-query viem'

const VITE = `import { createPortico } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { ConnectButton, Modal } from '@portico/ui-kit'
import '@portico/ui-kit/styles.css'
import { createPorticoWagmiConfig } from '@portico/wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { base, mainnet } from 'viem/chains'
import { useConnection, WagmiProvider } from 'wagmi'

const portico = createPortico({
  projectId: import.meta.env.VITE_PORTICO_PROJECT_ID,
  networks: [mainnet, base], // wagmi's chains too: there is no second list to keep
})
const config = createPorticoWagmiConfig({ client: portico })
const queryClient = new QueryClient()

declare module 'wagmi' {
  interface Register {
    config: typeof config
  }
}

function Address() {
  const { address, isConnected } = useConnection() // the account connected in Portico's modal
  return isConnected ? <p>{address}</p> : null
}

export default function App() {
  // PorticoProvider outside, WagmiProvider and QueryClientProvider inside it.
  return (
    <PorticoProvider client={portico}>
      <WagmiProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <ConnectButton />
          <Address />
          <Modal />
        </QueryClientProvider>
      </WagmiProvider>
    </PorticoProvider>
  )
}`

const OWN_CONFIG = `import { porticoChains, porticoConnector, porticoTransports } from '@portico/wagmi'
import { createConfig, http } from 'wagmi'

const chains = porticoChains(portico) // the client's EVM networks, as wagmi chains
export const config = createConfig({
  chains,
  transports: { ...porticoTransports(chains), [mainnet.id]: http('https://eth.example.org') },
  connectors: [porticoConnector(portico, { name: 'Portico' })],
  multiInjectedProviderDiscovery: false, // Portico's modal lists the browser wallets
})`

const PROVIDERS = `'use client'

import { cookieStorage, createPortico } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { Modal } from '@portico/ui-kit'
import { createPorticoWagmiConfig, type PorticoWagmiInitialState } from '@portico/wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { base, mainnet } from 'viem/chains'
import { WagmiProvider } from 'wagmi'

export function Providers(props: { initialState: PorticoWagmiInitialState; children: ReactNode }) {
  // One client, config and query cache per browser page, and one per request on the server.
  const [portico] = useState(() =>
    createPortico({
      projectId: process.env.NEXT_PUBLIC_PORTICO_PROJECT_ID ?? '',
      networks: [mainnet, base],
      ssr: true,
      storage: cookieStorage,
      initialState: props.initialState.portico,
    }),
  )
  const [config] = useState(() => createPorticoWagmiConfig({ client: portico, ssr: true }))
  const [queryClient] = useState(() => new QueryClient())
  return (
    <PorticoProvider client={portico}>
      <WagmiProvider config={config} initialState={props.initialState.wagmi}>
        <QueryClientProvider client={queryClient}>
          {props.children}
          <Modal />
        </QueryClientProvider>
      </WagmiProvider>
    </PorticoProvider>
  )
}`

const LAYOUT = `import { cookieToPorticoWagmiState } from '@portico/wagmi'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import '@portico/ui-kit/styles.css'
import { Providers } from './providers'

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Portico's cookies and wagmi's (\`wagmi.store\`), read from the request in one call.
  const initialState = cookieToPorticoWagmiState((await headers()).get('cookie'))
  return (
    <html lang="en">
      <body>
        <Providers initialState={initialState}>{children}</Providers>
      </body>
    </html>
  )
}`

const ALIASES = `// Both libraries have a useBalance: alias the one you use less.
import { useBalance as usePorticoBalance } from '@portico/react'
import { useBalance, useConnection } from 'wagmi'

const { address } = useConnection()
const wagmiBalance = useBalance({ address }) // { value: bigint, decimals, symbol }
const porticoBalance = usePorticoBalance() // { balance: '1.5', symbol: 'ETH' }, what the modal shows`

/** The hooks both packages export: same name, different hooks. */
const SAME_NAMES: [name: string, portico: string, wagmi: string][] = [
  ['useAccount', "Portico's account, every namespace", 'the deprecated name of useConnection'],
  ['useBalance', '{ balance: string, symbol }', '{ value: bigint, decimals, symbol }'],
  ['useConnect', 'opens the modal or connects a wallet', 'mutate({ connector }): the same modal'],
  ['useDisconnect', 'disconnect()', 'mutate(): goes through Portico'],
  ['useReadContract', "Portico's async state", 'a TanStack query'],
  [
    'useWriteContract',
    'simulates, sends, resolves once mined with { hash, receipt }',
    'mutate / mutateAsync: resolves with the hash (then useWaitForTransactionReceipt)',
  ],
  ['useSendTransaction', 'resolves once mined', 'resolves with the hash'],
  ['useSignMessage, useSignTypedData', 'reject with PorticoError', "reject with viem's errors"],
  ['usePublicClient, useWalletClient', '{ data } (a query)', 'the client itself / a query'],
]

export const WithWagmi = () => (
  <Live>
    <Prose>
      <h1>With wagmi</h1>
      <p>
        An app built on <a href="https://wagmi.sh">wagmi</a> keeps its hooks and gets Portico's
        modal: <code>@portico/wagmi</code> makes wagmi's config from a Portico client. Its chains
        are the client's EVM networks, its transports their RPC URLs, and its one connector is
        Portico, so wagmi's <code>connect</code> opens Portico's modal, and the account connected
        there is wagmi's: one connection, seen by both.
      </p>

      <h2>Live, on the devnet</h2>
      <p>
        Portico's button connects (the Devnet Wallet, or an email); the example below is wagmi only:{' '}
        <code>useConnection</code>, <code>useReadContract</code>, <code>useWriteContract</code> with{' '}
        <code>useWaitForTransactionReceipt</code>, <code>useSignMessage</code> verified with viem,
        and wagmi's <code>useBalance</code> beside Portico's. Sign the book: once mined, both
        balances show the same, less the gas.
      </p>
      <p>
        <ConnectButton /> <NetworkButton />
      </p>
      <Modal />
      <Example>
        <WagmiExample />
      </Example>
      <Code code={wagmiSource} label="Example source" />
      <p>
        <code>examples/dapp</code> in the repository has the whole app twice, on Portico's hooks (
        <code>index.html</code>) and on wagmi (<code>wagmi.html</code>: entries, typed data, the
        Chromium journey that drives it).
      </p>

      <h2>Install</h2>
      <Code code={INSTALL} label="Install" />
      <p>
        wagmi 3, <code>@tanstack/react-query</code> 5 and viem 2.57 or newer are peer dependencies:
        your app chooses their versions.
      </p>

      <h2>The config</h2>
      <p>
        <code>createPorticoWagmiConfig({'{ client }'})</code> is wagmi's config;{' '}
        <code>WagmiProvider</code> and <code>QueryClientProvider</code> go inside{' '}
        <code>PorticoProvider</code>, beside Portico's <code>Modal</code>. Its options:{' '}
        <code>ssr</code>, <code>storage</code>, <code>transports</code> (by chain id, in place of
        the networks' RPC URLs), <code>multiInjectedProviderDiscovery</code> (off: the modal lists
        the browser wallets, and wagmi would connect them alone), <code>pollingInterval</code>,{' '}
        <code>connector</code> (its name).
      </p>
      <Code code={VITE} label="A Vite app" />
      <p>
        For a config of your own, the parts are exported: <code>porticoConnector(client)</code> (id{' '}
        <code>portico</code>), <code>porticoChains</code>, <code>porticoTransports</code>,{' '}
        <code>networkToChain</code>, <code>wagmiCookieStorage</code>.
      </p>
      <Code code={OWN_CONFIG} label="A config of your own" />

      <h2>Server rendering and cookies (Next.js)</h2>
      <p>
        Portico and wagmi each keep their state in a cookie (both last a year, so a returning
        visitor is connected in both or in neither). The layout, a server component, reads both from
        the request with one call, <code>cookieToPorticoWagmiState</code>; the first render on each
        side shows the stored account, and after hydration the two providers restore the wallet once
        (wagmi's <code>reconnect</code> waits for Portico's). A custom storage key goes to both:{' '}
        <code>cookieToPorticoWagmiState(cookie, {'{ storageKey, wagmiStorageKey }'})</code>.
      </p>
      <Code code={PROVIDERS} label="app/providers.tsx" />
      <Code code={LAYOUT} label="app/layout.tsx" />

      <h2>Hooks of the same name</h2>
      <p>
        <code>@portico/react</code> and wagmi export hooks with the same names. They are different
        hooks: Portico's return Portico's async state and reject with <code>PorticoError</code>,
        while wagmi's are TanStack Query hooks (<code>mutate</code>, <code>mutateAsync</code>) that
        reject with viem's errors. Pick one library for the app's own calls, and alias the other
        where a file needs both.
      </p>
      <Code code={ALIASES} label="Import aliases" />
      <table>
        <thead>
          <tr>
            <th scope="col">hook</th>
            <th scope="col">@portico/react</th>
            <th scope="col">wagmi</th>
          </tr>
        </thead>
        <tbody>
          {SAME_NAMES.map(([name, portico, wagmi]) => (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>{portico}</td>
              <td>{wagmi}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>What stays in step</h2>
      <ul>
        <li>
          wagmi's <code>connect</code> (the config's one connector) opens Portico's modal and
          resolves once an EVM wallet is connected there; a modal closed without connecting rejects
          with viem's <code>UserRejectedRequestError</code>.
        </li>
        <li>
          A connection, an account or network switched in the wallet, and a disconnect in Portico's
          modal show in <code>useConnection</code> at once; wagmi's <code>disconnect</code> and{' '}
          <code>switchChain</code> go through Portico.
        </li>
        <li>
          wagmi's writes and signatures go to the wallet connected in Portico, whatever it is (a
          browser wallet, WalletConnect, the email wallet), through{' '}
          <code>client.wallet.getProvider()</code>: a transaction mined through it refreshes
          Portico's balances and activity. wagmi's own queries read again when you invalidate them (
          <code>queryClient.invalidateQueries()</code> after the receipt, as in the example).
        </li>
        <li>
          <code>WagmiProvider</code>'s <code>reconnect</code> restores what Portico restores.
        </li>
        <li>One EVM connection only: Solana and Bitcoin accounts stay in Portico's hooks.</li>
      </ul>
    </Prose>
  </Live>
)
