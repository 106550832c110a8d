import { Prose } from './LiveClient.js'

export default { title: 'Guides' }

export const GettingStarted = () => (
  <Prose>
    <h1>Portico</h1>
    <p>
      Portico connects a visitor's crypto wallet to your web app: browser wallets (EIP-6963),
      WalletConnect, and the account features that follow — balances, send, receive, activity and
      names. It is headless: <code>@portico/core</code> holds the state and actions,{' '}
      <code>@portico/react</code> gives hooks, and <code>@portico/ui-kit</code> composes them into
      an accessible modal whose every view you can replace.
    </p>
    <h2>Install</h2>
    <pre>pnpm add @portico/core @portico/react @portico/ui-kit viem</pre>
    <h2>Create a client</h2>
    <pre>{`import { createPortico } from '@portico/core'

const client = createPortico({
  projectId: 'your-project-id',
  networks: [{
    id: 'eip155:1',
    name: 'Ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['https://eth.example.org'] },
  }],
})`}</pre>
    <p>
      Create it once per page (or once per request when rendering on the server, with{' '}
      <code>ssr: true</code>). Nothing is fetched until the user opens the modal or a stored
      connection is restored.
    </p>
    <h2>Drop in the modal</h2>
    <pre>{`import { PorticoProvider } from '@portico/react'
import { ConnectButton, Modal, NetworkButton } from '@portico/ui-kit'
import '@portico/ui-kit/styles.css' // optional

<PorticoProvider client={client}>
  <ConnectButton />
  <NetworkButton />
  <Modal views={{ /* Connect: MyConnect */ }} />
</PorticoProvider>`}</pre>
    <p>
      The modal's dialog and views load on demand: the dialog and the first view (Connect, or
      Account once connected) are fetched while the browser is idle or when the button is hovered,
      so the first open is instant and the page's initial download does not grow with the number of
      views.
    </p>
    <h2>Or build your own UI</h2>
    <p>
      Every hook returns plain objects with stable identities; queries and mutations share one shape
      (<code>status</code>, <code>data</code>, <code>error</code>, <code>isPending</code>, and{' '}
      <code>refetch</code> or the action). Every view is a thin layer over hooks:{' '}
      <code>useConnect</code>, <code>useAccount</code>, <code>useNetwork</code>,{' '}
      <code>useBalance</code>, <code>useTokenBalances</code>, <code>useWallets</code>,{' '}
      <code>useWalletConnect</code>, <code>useSendToken</code>, <code>useReceive</code>,{' '}
      <code>useTransactionHistory</code>, <code>useNames</code> and <code>useRegisterName</code>.
      The pages under Hooks show each one live on the devnet.
    </p>
    <h2>Your app's own calls</h2>
    <p>
      Reading and writing your contracts, sending value and asking for signatures go through the
      connected wallet, whichever it is: <code>useReadContract</code>, <code>useWriteContract</code>
      , <code>useSendTransaction</code>, <code>useSignMessage</code>, <code>useSignTypedData</code>,
      and viem clients from <code>useWalletClient</code> and <code>usePublicClient</code>. The page
      Your own transactions shows them live.
    </p>
    <h2>Run everything offline</h2>
    <p>
      <code>pnpm dev</code> starts the devnet (local chains, the APIs, a WalletConnect relay and the
      Devnet Wallet) and the examples. These docs use it too: <code>pnpm docs:dev</code> joins the
      devnet <code>pnpm dev</code> runs, or starts one on the same ports when none does. Testing
      offline shows how an app of your own runs it (<code>npx portico-devnet</code>, the Vite
      plugin, CI).
    </p>
  </Prose>
)
