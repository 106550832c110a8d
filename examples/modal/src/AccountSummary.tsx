import { useAccount, useBalance, useNetwork } from '@portico/react'

/** What the page itself shows about the connection, next to the modal's button. */
export function AccountSummary() {
  const { address, status } = useAccount()
  const { data: balance } = useBalance()
  const { network } = useNetwork()
  return (
    <section aria-label="Connection">
      <p>
        Status: <output aria-label="Status">{status}</output>
      </p>
      {address ? (
        <>
          <p>
            Address: <output aria-label="Address">{address}</output>
          </p>
          <p>
            Balance:{' '}
            <output aria-label="Balance">
              {balance ? `${balance.balance} ${balance.symbol}` : '…'}
            </output>
          </p>
          <p>
            Network: <output aria-label="Network">{network.name}</output>
          </p>
        </>
      ) : null}
    </section>
  )
}
