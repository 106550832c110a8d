import { guestbook as address } from 'virtual:portico-devnet'
import { DevnetGuestbook } from '@portico/devnet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import {
  useChainId,
  useConnection,
  useReadContract,
  useWaitForTransactionReceipt,
  useWriteContract,
} from 'wagmi'
import { wagmiErrorText } from './errors.js'

const abi = DevnetGuestbook.abi

/**
 * The guestbook through wagmi's hooks: its entries read with `useReadContract` (on the connected
 * chain, or the config's first chain while nothing is connected), and a form that signs it with
 * `useWriteContract`, followed to its block by `useWaitForTransactionReceipt`. Once mined, the
 * page's wagmi queries are read again (the count, the entries, wagmi's balance).
 */
export function WagmiGuestbook() {
  const { status } = useConnection()
  const chainId = useChainId()
  const queryClient = useQueryClient()
  const count = useReadContract({ address, abi, functionName: 'count' })
  const write = useWriteContract()
  const receipt = useWaitForTransactionReceipt({ hash: write.data })
  const [message, setMessage] = useState('')
  /** The call waiting for the wallet, as the page describes it. */
  const [call, setCall] = useState('')

  const mined = receipt.data?.blockNumber
  useEffect(() => {
    if (mined === undefined) return
    setMessage('')
    // Every wagmi query on the page reads again: the count, the entries, the balance.
    void queryClient.invalidateQueries()
  }, [mined, queryClient])

  const sign = (event: FormEvent) => {
    event.preventDefault()
    setCall(`sign(${JSON.stringify(message)})`)
    write.mutate({ address, abi, functionName: 'sign', args: [message] })
  }

  const total = count.data === undefined ? 0 : Number(count.data)
  const error = write.error ?? receipt.error
  return (
    <section aria-labelledby="wagmi-guestbook-title">
      <h2 id="wagmi-guestbook-title">The book on chain {chainId}</h2>
      {count.error ? <p role="alert">{wagmiErrorText(count.error)}</p> : null}
      <p>
        Entries: <output aria-label="Entry count">{count.data?.toString() ?? '…'}</output>
      </p>
      {total > 0 ? (
        <ol aria-label="Entries">
          {Array.from({ length: total }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an entry's index is its identity
            <Entry key={index} index={index} />
          ))}
        </ol>
      ) : (
        <p>No entries yet.</p>
      )}
      <form aria-label="Sign the guestbook" onSubmit={sign}>
        <label>
          Message <input value={message} onChange={(event) => setMessage(event.target.value)} />
        </label>{' '}
        <button
          type="submit"
          disabled={write.isPending || receipt.isFetching || status !== 'connected'}
        >
          Sign the guestbook
        </button>
      </form>
      <p role="status" aria-label="Guestbook status">
        {write.isPending
          ? `Asking your wallet to send ${call} to the guestbook…`
          : mined !== undefined
            ? `Signed in block ${mined}`
            : write.data
              ? 'Waiting for the block…'
              : ''}
      </p>
      {error ? (
        <p role="alert" aria-label="Guestbook error">
          {wagmiErrorText(error)}
        </p>
      ) : null}
    </section>
  )
}

/** One entry (`entry(index)`), read with wagmi's `useReadContract`. */
function Entry({ index }: { index: number }) {
  const entry = useReadContract({ address, abi, functionName: 'entry', args: [BigInt(index)] })
  if (!entry.data) return <li>{entry.error ? wagmiErrorText(entry.error) : 'Loading…'}</li>
  const [author, message, timestamp] = entry.data
  return (
    <li aria-label={`Entry ${index + 1}`}>
      <q>{message}</q> by <code>{author}</code>,{' '}
      <time dateTime={new Date(Number(timestamp) * 1000).toISOString()}>
        {new Date(Number(timestamp) * 1000).toLocaleString()}
      </time>
    </li>
  )
}
