import { formatAmount } from '@portico/core'
import {
  useAccount,
  useBalance,
  useConnect,
  useDisconnect,
  useNetwork,
  usePortico,
  useTokenBalances,
} from '@portico/react'
import { useEffect, useState } from 'react'

function Connect() {
  const client = usePortico()
  const { connectors, connect, connectingId, error, reset } = useConnect()
  const [chosen, setChosen] = useState<string>()
  // Wallets announce themselves when asked; a headless app asks when it shows its list.
  useEffect(() => client.connectors.startDiscovery(), [client])
  const browserWallets = connectors.filter((c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED')
  const failed = error && error.code !== 'ABORTED'
  return (
    <section aria-labelledby="connect-title">
      <h2 id="connect-title">Connect a wallet</h2>
      {browserWallets.length === 0 ? <p>No browser wallet found.</p> : null}
      <ul>
        {browserWallets.map((connector) => (
          <li key={connector.id}>
            <button
              type="button"
              disabled={connectingId !== undefined}
              onClick={() => {
                reset()
                setChosen(connector.id)
                connect({ connectorId: connector.id }).catch(() => undefined)
              }}
            >
              {connector.imageUrl ? (
                <img src={connector.imageUrl} alt="" width={20} height={20} />
              ) : null}{' '}
              {connector.name}
            </button>
          </li>
        ))}
      </ul>
      {connectingId ? <p role="status">Approve the request in your wallet…</p> : null}
      {failed && chosen ? (
        <p role="alert">
          {error.code === 'USER_REJECTED' ? 'You declined the connection.' : error.message}{' '}
          <button
            type="button"
            onClick={() =>
              connect({ connectorId: connectingId ?? browserWallets[0]!.id }).catch(() => undefined)
            }
          >
            Try again
          </button>
        </p>
      ) : null}
    </section>
  )
}

function Account() {
  const { address, profileName } = useAccount()
  const { data: balance } = useBalance()
  const { tokens } = useTokenBalances()
  const { network, networks, switchNetwork, isUnsupported, walletChainId } = useNetwork()
  const { disconnect } = useDisconnect()
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <p>
        Address: <output aria-label="Address">{address}</output>
      </p>
      {profileName ? <p>Name: {profileName}</p> : null}
      <p>
        Balance:{' '}
        <output aria-label="Balance">
          {balance ? `${formatAmount(balance.balance)} ${balance.symbol}` : '…'}
        </output>
      </p>
      {isUnsupported ? (
        <p role="alert">
          Your wallet is on an unsupported network ({walletChainId}). Switch to a supported network.
        </p>
      ) : (
        <p>
          Network: <output aria-label="Network">{network.name}</output>
        </p>
      )}
      <fieldset>
        <legend>Switch network</legend>
        {networks.map((item) => (
          <button
            key={item.id}
            type="button"
            aria-pressed={!isUnsupported && item.id === network.id}
            onClick={() => switchNetwork(item).catch(() => undefined)}
          >
            {item.name}
          </button>
        ))}
      </fieldset>
      {tokens.length > 0 ? (
        <table aria-label="Tokens">
          <thead>
            <tr>
              <th scope="col">Token</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={`${token.chainId}:${token.symbol}`}>
                <td>{token.symbol}</td>
                <td>{formatAmount(token.quantity.numeric, 4)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <button type="button" onClick={() => disconnect().catch(() => undefined)}>
        Disconnect
      </button>
    </section>
  )
}

export function Wallet() {
  const { status } = useAccount()
  return (
    <>
      <p>
        Status: <output aria-label="Status">{status}</output>
      </p>
      {status === 'connected' ? (
        <Account />
      ) : status === 'reconnecting' ? (
        <p>Reconnecting…</p>
      ) : (
        <Connect />
      )}
    </>
  )
}
