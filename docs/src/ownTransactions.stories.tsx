import { ConnectButton, Modal, NetworkButton } from '@portico/ui-kit'
import { Code } from './Code.js'
import { Example, Live, Prose } from './LiveClient.js'
import GuestbookExample from './live/GuestbookExample.js'
import guestbookSource from './live/GuestbookExample.tsx?raw'

export default { title: 'Your own transactions' }

const READ = `import { useReadContract } from '@portico/react'

const count = useReadContract({
  address: '0x…',
  abi, // \`as const\`: functionName, args and data are typed from it
  functionName: 'count',
  chainId: 8453, // optional: the wallet's chain (or the active network) by default
  enabled: true, // false waits (an argument not known yet)
})
count.status // 'idle' | 'pending' | 'success' | 'error'
count.data // what the contract returned (a bigint here)
count.refetch() // read again, after the app's own write say`

const WRITE = `import { useSendTransaction, useWriteContract } from '@portico/react'

const { writeContract, status, data, error, isPending, reset } = useWriteContract()
// Simulated first, then sent from the connected account, then mined:
const { hash, receipt } = await writeContract({
  address: '0x…',
  abi,
  functionName: 'tip',
  args: [0n],
  value: parseEther('0.001'), // payable functions carry value
})

const { sendTransaction } = useSendTransaction()
await sendTransaction({ to: '0x…', value: parseEther('1'), data: '0x' })`

const SIGN = `import { usePublicClient, useSignMessage, useSignTypedData } from '@portico/react'

const { signMessage } = useSignMessage()
const { signTypedData } = useSignTypedData()
const { data: publicClient } = usePublicClient()

const signature = await signMessage({ message: 'gm' })
await publicClient.verifyMessage({ address, message: 'gm', signature }) // true

const typedData = {
  domain: { name: 'My app', version: '1', chainId: 8453 },
  types: { Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  message: { text: 'gm' },
} as const
const typed = await signTypedData(typedData)
await publicClient.verifyTypedData({ address, signature: typed, ...typedData }) // true`

const CLIENTS = `import { useWalletClient } from '@portico/react'

// viem, bound to the connected account and its chain (a new one when either changes):
const { data: walletClient } = useWalletClient()
await walletClient?.writeContract({ address, abi, functionName: 'sign', args: ['gm'] })

// Any library that takes an EIP-1193 provider (ethers' BrowserProvider, …):
const provider = await portico.wallet.getProvider()
provider.on('accountsChanged', (accounts) => { /* … */ })`

const CORE = `// Without React: the same calls on the client.
const { receipt } = await portico.wallet.writeContract({ address, abi, functionName: 'sign', args: ['gm'] })
const count = await portico.wallet.readContract({ address, abi, functionName: 'count' })
const signature = await portico.wallet.signMessage({ message: 'gm' })
await portico.wallet.request({ method: 'eth_chainId' }) // any request, with the same rules`

const ERRORS: [code: string, when: string][] = [
  ['NOT_CONNECTED', 'no wallet is connected in that namespace (EIP-1193 code 4900)'],
  [
    'ACCOUNT_CHANGED',
    'the account the call was for is no longer the connected one (4100): a wallet client made before the change refuses every request',
  ],
  [
    'CHAIN_MISMATCH',
    "the wallet is on another chain and the app chose `wallet: { wrongChain: 'refuse' }` (by default the wallet is asked to switch first)",
  ],
  ['USER_REJECTED', 'the user refused in the wallet; `details.code` is 4001'],
  [
    'WALLET_ERROR',
    'the wallet failed, or the simulation reverted: the message names the contract error, "This transaction would fail: MessageEmpty()"',
  ],
  ['WALLET_TIMEOUT', 'the wallet did not answer within 120 s'],
  ['ABORTED', 'the user disconnected (or the client was destroyed) while the call waited'],
  [
    'REQUEST_ABORTED',
    "the user closed the modal while a signature or transaction waited ('Request was aborted'; not while the modal shows a transaction step); on the provider, 4001",
  ],
  [
    'TRANSACTION_REVERTED',
    'mined, but reverted: `details.hash`, and the reason when the chain tells it',
  ],
  ['CONTRACT_READ_FAILED', 'a read reverted or the node failed (the cause is kept)'],
]

export const ReadWriteAndSign = () => (
  <Live>
    <Prose>
      <h1>Your own transactions</h1>
      <p>
        Once a visitor is connected, your app does its own work through the same wallet: it reads
        its contracts, writes to them, sends value and asks for signatures. The hooks of{' '}
        <code>@portico/react</code> (and <code>client.wallet</code> under them) follow the
        connection whatever the wallet is: a browser wallet, a phone over WalletConnect, or the
        email wallet, whose secure frame asks for approval in the modal's{' '}
        <strong>ApproveTransaction</strong> view. Every call has the rules of a wallet request: a
        deadline, a clear error when nothing is connected, the chain is wrong or the account
        changed, and a refusal kept as <code>USER_REJECTED</code>. After a transaction your app sent
        is mined, Portico's balances and activity are read again at once.
      </p>

      <h2>Live, on the devnet</h2>
      <p>
        The devnet deploys a contract for this, <code>DevnetGuestbook</code>, on every chain:{' '}
        <code>sign(string)</code>, <code>count()</code>, <code>entry(uint256)</code> and a payable{' '}
        <code>tip(uint256)</code>. Connect the Devnet Wallet (or log in with an email), then sign
        the book: the wallet shows the call, and the count grows once it is mined. An empty message
        is refused before the wallet sees it, with the contract's own error.
      </p>
      <p>
        <ConnectButton /> <NetworkButton />
      </p>
      <Modal />
      <Example>
        <GuestbookExample />
      </Example>
      <Code code={guestbookSource} label="Example source" />
      <p>
        <code>examples/dapp</code> in the repository is the whole app: every entry, tips, typed
        data, and the Chromium journeys that drive it with both wallets (<code>pnpm dev</code>{' '}
        serves it at http://127.0.0.1:5176).
      </p>

      <h2>Read</h2>
      <p>
        <code>useReadContract</code> needs no wallet: the app's own network answers it. It reads
        again when the address, function, arguments or chain change, and on <code>refetch()</code>.
      </p>
      <Code code={READ} label="Read a contract" />

      <h2>Write and send</h2>
      <p>
        <code>useWriteContract</code> simulates the call, sends it from the connected account and
        resolves once it is mined, with <code>{'{ hash, receipt }'}</code>; <code>isPending</code>{' '}
        stays true until then, and <code>data</code>, <code>error</code> are the last call's (a
        newer call supersedes an older one). With a <code>chainId</code>, a wallet on another chain
        is asked to switch first.
      </p>
      <Code code={WRITE} label="Write to a contract, send a transaction" />

      <h2>Sign</h2>
      <p>
        <code>useSignMessage</code> signs text (EIP-191 on EVM; Solana and Bitcoin wallets sign too,
        with <code>namespace</code>); <code>useSignTypedData</code> signs EIP-712 data, on its
        domain's chain. Check a signature with the public client, which also asks a smart account's
        contract (ERC-1271, and ERC-6492 before it is deployed).
      </p>
      <Code code={SIGN} label="Sign and verify" />

      <h2>viem clients and the provider</h2>
      <p>
        <code>useWalletClient</code> and <code>usePublicClient</code> give viem clients made from
        the networks you gave <code>createPortico</code>: no second chain config.{' '}
        <code>client.wallet.getProvider()</code> is the connected wallet as an EIP-1193 provider.
      </p>
      <Code code={CLIENTS} label="viem and EIP-1193" />
      <Code code={CORE} label="Without React" />

      <h2>Errors</h2>
      <p>
        Each hook keeps its last error in <code>error</code> (a <code>PorticoError</code>) and its
        action rejects with it. Their codes:
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">code</th>
            <th scope="col">when</th>
          </tr>
        </thead>
        <tbody>
          {ERRORS.map(([code, when]) => (
            <tr key={code}>
              <th scope="row">
                <code>{code}</code>
              </th>
              <td>{when}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Prose>
  </Live>
)
