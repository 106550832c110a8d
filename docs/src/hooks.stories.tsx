import { formatAmount, truncateAddress } from '@portico/core'
import {
  useAccount,
  useBalance,
  useConnect,
  useDisconnect,
  useNetwork,
  usePortico,
  useTokenBalances,
  useTransactionHistory,
} from '@portico/react'
import { useEffect } from 'react'
import { Example, Live, Prose } from './LiveClient.js'

export default { title: 'Hooks' }

function ConnectDemo() {
  const client = usePortico()
  const { connectors, connect, connectingId, error } = useConnect()
  const { status, address } = useAccount()
  const { disconnect } = useDisconnect()
  useEffect(() => client.connectors.startDiscovery(), [client])
  if (status === 'connected') {
    return (
      <p>
        Connected as <code>{address}</code>{' '}
        <button type="button" onClick={() => void disconnect()}>
          Disconnect
        </button>
      </p>
    )
  }
  return (
    <>
      {connectors
        .filter((c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED')
        .map((c) => (
          <button
            key={c.id}
            type="button"
            onClick={() => connect({ connectorId: c.id }).catch(() => undefined)}
          >
            {c.name}
          </button>
        ))}
      {connectingId ? <p>Approve in your wallet…</p> : null}
      {error ? <p role="alert">{error.message}</p> : null}
    </>
  )
}

export const UseConnect = () => (
  <Live>
    <Prose>
      <h1>useConnect, useAccount, useDisconnect</h1>
      <p>
        <code>useConnect()</code> returns <code>connectors</code> (every way to connect),{' '}
        <code>items</code> (the Connect view's ordered list),{' '}
        <code>connect({'{ connectorId }'})</code>, <code>status</code>, <code>connectingId</code>,{' '}
        <code>isPending</code>, <code>error</code> (a refusal has code <code>USER_REJECTED</code>)
        and <code>reset()</code>. Calling <code>connect</code> twice while a request is open sends
        one request.
      </p>
      <p>
        <code>useAccount()</code> returns <code>address</code>, <code>caipAddress</code>,{' '}
        <code>status</code> (never <code>connected</code> before the wallet answered),{' '}
        <code>isConnected</code>, <code>isReconnecting</code>, <code>namespace</code>,{' '}
        <code>profileName</code> and <code>profileImage</code>.
      </p>
      <Example>
        <ConnectDemo />
      </Example>
    </Prose>
  </Live>
)

function NetworkDemo() {
  const { network, networks, switchNetwork, isUnsupported, switchingTo } = useNetwork()
  const { data: balance } = useBalance()
  const { tokens } = useTokenBalances()
  return (
    <>
      <p>
        {isUnsupported ? 'Unsupported network' : network.name} ·{' '}
        {balance ? `${formatAmount(balance.balance)} ${balance.symbol}` : '…'}
      </p>
      {networks.map((n) => (
        <button
          key={n.id}
          type="button"
          disabled={Boolean(switchingTo)}
          onClick={() => void switchNetwork(n).catch(() => undefined)}
        >
          {n.name}
        </button>
      ))}
      <ul>
        {tokens.map((t) => (
          <li key={`${t.chainId}${t.symbol}`}>
            {formatAmount(t.quantity.numeric)} {t.symbol}
          </li>
        ))}
      </ul>
    </>
  )
}

export const UseNetworkAndBalances = () => (
  <Live>
    <Prose>
      <h1>useNetwork, useBalance, useTokenBalances</h1>
      <p>
        <code>useNetwork()</code>: the active <code>network</code>, the app's <code>networks</code>,{' '}
        <code>walletChainId</code>, <code>isUnsupported</code>, <code>switchNetwork(network)</code>{' '}
        (adds the chain to the wallet when it does not know it) and <code>switchingTo</code>.
      </p>
      <p>
        <code>useBalance()</code> and <code>useTokenBalances()</code> return the async shape every
        Portico query has: <code>status</code> (
        <code>'idle' | 'pending' | 'success' | 'error'</code>), <code>data</code>,{' '}
        <code>error</code>, <code>isPending</code> and <code>refetch()</code>.{' '}
        <code>useBalance().data</code> is the native <code>{'{ balance, symbol }'}</code> read from
        the chain; <code>useTokenBalances()</code> adds <code>tokens</code> from the Blockchain API,
        cached 30 s and shared by every component. They load when a component uses them (nothing is
        fetched at page load); a failure shows "Token Balance Unavailable" and waits 30 s before
        trying again.
      </p>
      <Example>
        <NetworkDemo />
      </Example>
    </Prose>
  </Live>
)

function HistoryDemo() {
  const { transactions, isSupported } = useTransactionHistory()
  if (!isSupported) return <p>Activity is eip155 only.</p>
  return (
    <ul>
      {transactions.slice(0, 10).map((t) => (
        <li key={t.id}>
          {t.metadata.operationType}{' '}
          {t.transfers
            .map((x) => `${formatAmount(x.quantity.numeric, 3)} ${x.fungible_info?.symbol ?? ''}`)
            .join(', ')}{' '}
          · {truncateAddress(t.metadata.hash)}
        </li>
      ))}
    </ul>
  )
}

export const UseTransactionHistory = () => (
  <Live>
    <Prose>
      <h1>useTransactionHistory</h1>
      <p>
        The async shape (<code>status</code>, <code>data</code>, <code>error</code>,{' '}
        <code>isPending</code>, <code>refetch()</code>) plus <code>transactions</code> of the active
        chain, newest first (spam-only ones hidden), <code>isSupported</code> (activity is eip155
        only), <code>hasMore</code> and <code>fetchNextPage()</code>. Amounts are shown with 3
        decimals and addresses as 4 + 6 characters.
      </p>
      <Example>
        <HistoryDemo />
      </Example>
    </Prose>
  </Live>
)
