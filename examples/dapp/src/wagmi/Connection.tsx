import { useConnection } from 'wagmi'

/** wagmi's own view of the connection (`useConnection`): the account Portico's modal connected. */
export function Connection() {
  const { address, chainId, status, connector } = useConnection()
  return (
    <section aria-labelledby="wagmi-account-title">
      <h2 id="wagmi-account-title">wagmi's account</h2>
      <p>
        Status: <output aria-label="wagmi status">{status}</output>
      </p>
      <p>
        Address: <output aria-label="wagmi address">{address ?? '—'}</output>
      </p>
      <p>
        Chain: <output aria-label="wagmi chain">{chainId ?? '—'}</output>
        {connector ? ` · connector: ${connector.name}` : null}
      </p>
    </section>
  )
}
