import { useBalance as usePorticoBalance } from '@portico/react'
import { formatEther } from 'viem'
import { useConnection, useBalance as useWagmiBalance } from 'wagmi'

/**
 * The connected account's balance twice: Portico's (`useBalance` of @portico/react, what the
 * modal shows) and wagmi's (`useBalance` of wagmi, read through the config's transport). Both
 * hooks are named `useBalance`: import aliases tell them apart. After a write through wagmi,
 * Portico reads its balance again once the transaction is mined, and the guestbook refetches
 * wagmi's (`refetchQueries`), so the two agree.
 */
export function Balances() {
  const { address, chainId } = useConnection()
  const portico = usePorticoBalance()
  const wagmi = useWagmiBalance({ address, chainId, query: { enabled: address !== undefined } })
  if (!address) return null
  return (
    <section aria-labelledby="balances-title">
      <h2 id="balances-title">Balance</h2>
      <p>
        Portico's: <output aria-label="Portico balance">{portico.data?.balance ?? '…'}</output>{' '}
        {portico.data?.symbol}
      </p>
      <p>
        wagmi's:{' '}
        <output aria-label="wagmi balance">
          {wagmi.data ? formatEther(wagmi.data.value) : '…'}
        </output>{' '}
        {wagmi.data?.symbol}
      </p>
    </section>
  )
}
