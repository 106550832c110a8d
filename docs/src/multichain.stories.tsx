import {
  apiUrls,
  bitcoinNetworks,
  networks,
  projectId,
  solanaNetworks,
} from 'virtual:portico-devnet'
import { createPortico, formatAmount, type PorticoClient, truncateAddress } from '@portico/core'
import { bitcoinAdapter } from '@portico/core/bitcoin'
import { solanaAdapter } from '@portico/core/solana'
import {
  PorticoProvider,
  useAccount,
  useBalance,
  useConnect,
  useNamespaces,
  usePortico,
  useTokenBalances,
} from '@portico/react'
import { ConnectButton, Modal } from '@portico/ui-kit'
import { type ReactNode, useEffect, useState } from 'react'
import { Example, Prose } from './LiveClient.js'

export default { title: 'Solana and Bitcoin' }

let shared: PorticoClient | undefined

/**
 * This page's own client: the devnet's EVM chains, its Solana chain and its regtest Bitcoin
 * chain. The other pages keep an EVM-only client, which downloads no Solana or Bitcoin code.
 */
function client() {
  shared ??= createPortico({
    projectId,
    networks: [...networks, ...solanaNetworks, ...bitcoinNetworks],
    adapters: { solana: solanaAdapter, bip122: bitcoinAdapter },
    apiUrls,
    themeMode: 'light',
  })
  return shared
}

function Live({ children }: { children: ReactNode }) {
  const [value] = useState(client)
  return <PorticoProvider client={value}>{children}</PorticoProvider>
}

const NAMES = { eip155: 'EVM', solana: 'Solana', bip122: 'Bitcoin' } as Record<string, string>

function NamespacesDemo() {
  const client = usePortico()
  const { namespaces, switchNamespace, disconnect } = useNamespaces()
  const { connectors, connect, connectingId, error } = useConnect()
  const { address, namespace } = useAccount()
  const { data: balance } = useBalance()
  const { tokens } = useTokenBalances()
  useEffect(() => client.connectors.startDiscovery(), [client])
  return (
    <>
      <ul aria-label="Namespaces">
        {namespaces.map((item) => (
          <li key={item.namespace}>
            <strong>{NAMES[item.namespace] ?? item.namespace}</strong>{' '}
            {item.address ? <code>{truncateAddress(item.address)}</code> : 'not connected'}{' '}
            {item.isActive ? (
              '(active)'
            ) : (
              <button type="button" onClick={() => switchNamespace(item.namespace)}>
                Make active
              </button>
            )}{' '}
            {item.status === 'connected' ? (
              <button
                type="button"
                onClick={() => void disconnect(item.namespace).catch(() => undefined)}
              >
                Disconnect {NAMES[item.namespace]}
              </button>
            ) : (
              connectors
                .filter((c) => c.chain === item.namespace && c.type !== 'WALLET_CONNECT')
                .map((c) => (
                  <button
                    key={c.id}
                    type="button"
                    onClick={() => connect({ connectorId: c.id }).catch(() => undefined)}
                  >
                    {c.name}
                  </button>
                ))
            )}
          </li>
        ))}
      </ul>
      {connectingId ? <p>Approve in your wallet…</p> : null}
      {error ? <p role="alert">{error.message}</p> : null}
      {address ? (
        <p>
          Active: {NAMES[namespace]} <code>{truncateAddress(address)}</code>
          {balance ? ` · ${formatAmount(balance.balance, 4)} ${balance.symbol}` : null}
          {tokens.length > 0
            ? ` · ${tokens.map((t) => `${formatAmount(t.quantity.numeric, 4)} ${t.symbol}`).join(', ')}`
            : null}
        </p>
      ) : null}
    </>
  )
}

export const SolanaAndBitcoin = () => (
  <Live>
    <Prose>
      <h1>Solana and Bitcoin, several namespaces at once</h1>
      <p>
        Beyond EVM (<code>eip155</code>), Portico connects Solana (<code>solana</code>) and Bitcoin
        (<code>bip122</code>) wallets. Add the networks and their adapter; each adapter is a loader,
        so its code and its library (<code>@solana/kit</code>, or <code>@scure/base</code> and{' '}
        <code>@noble/hashes</code> for Bitcoin, optional peer dependencies that only such apps
        install) download the first time a wallet of that namespace is used. An EVM-only app pays
        for none of it.
      </p>
      <pre>
        {`import { solana, bitcoin, arbitrum } from '@portico/core/chains'
import { solanaAdapter } from '@portico/core/solana'
import { bitcoinAdapter } from '@portico/core/bitcoin'

createPortico({
  projectId,
  networks: [arbitrum, solana, bitcoin],
  adapters: { solana: solanaAdapter, bip122: bitcoinAdapter },
})`}
      </pre>
      <p>
        Wallets are found through the Wallet Standard (Solana and Bitcoin) and the sats-connect
        provider (Bitcoin). A Bitcoin wallet connects its payment address by default (
        <code>{"defaultAccountTypes: { bip122: 'ordinal' }"}</code> for the ordinals one). Balances
        and send work on EVM and Solana (SOL and SPL tokens, the receiver's token account created
        when needed); Bitcoin shows the sum of the address's unspent outputs and signs BIP-322
        messages. Activity and names exist on EVM only.
      </p>
      <p>
        The user can be connected on several namespaces at once, each with its own account, network,
        wallet and storage. One is <em>active</em>: the one <code>useAccount</code>,{' '}
        <code>useBalance</code>, <code>useTokenBalances</code>, <code>useSendToken</code> and{' '}
        <code>useNetwork</code> show. <code>useNamespaces()</code> returns the disconnection's async
        state (<code>status</code>, <code>error</code>, <code>isPending</code>, as{' '}
        <code>useDisconnect</code>), <code>namespace</code> (the active one),{' '}
        <code>namespaces</code> (each with <code>status</code>, <code>address</code>,{' '}
        <code>caipAddress</code>, <code>network</code>, <code>networks</code>,{' '}
        <code>walletInfo</code>, <code>isActive</code>), <code>switchNamespace(namespace)</code> and{' '}
        <code>disconnect(namespace)</code>, which leaves the other namespaces connected. The modal's
        Account view lists the namespaces under "Chains" to switch or disconnect each, and its
        Networks view groups networks by namespace.
      </p>
      <Example>
        <NamespacesDemo />
      </Example>
      <p>The same client in the modal:</p>
      <Example>
        <ConnectButton />
        <Modal />
      </Example>
    </Prose>
  </Live>
)
