import { guestbook as address, networks } from 'virtual:portico-devnet'
import { DevnetGuestbook } from '@portico/devnet/contracts'
import { useAccount, useReadContract, useWriteContract } from '@portico/react'
import { type FormEvent, useState } from 'react'
import { formatEther, parseEther } from 'viem'
import { errorText } from './errors.js'

const abi = DevnetGuestbook.abi
/** What a Tip sends to an entry's author. */
const TIP = parseEther('0.001')
/** The chain the book is read on while no wallet is connected: the app's first network. */
const FIRST_CHAIN = Number(networks[0].id.split(':')[1])

/**
 * The guestbook on the chain the wallet is on (the contract is at the same address on every
 * devnet chain): its entries, read with `useReadContract`, and a form that signs it with
 * `useWriteContract` (simulated first, so an empty message is refused before the wallet sees it).
 */
export function Guestbook() {
  const { status, chainId: walletChain } = useAccount()
  const chainId = walletChain ?? FIRST_CHAIN
  const count = useReadContract({ address, abi, functionName: 'count', chainId })
  const write = useWriteContract()
  const [message, setMessage] = useState('')
  /** The call waiting for the wallet, as the page describes it. */
  const [call, setCall] = useState('')

  const sign = (event: FormEvent) => {
    event.preventDefault()
    setCall(`sign(${JSON.stringify(message)})`)
    write
      .writeContract({ address, abi, functionName: 'sign', args: [message], chainId })
      .then(() => {
        setMessage('')
        return count.refetch()
      })
      .catch(() => undefined) // shown from write.error
  }

  const total = count.data === undefined ? 0 : Number(count.data)
  return (
    <section aria-labelledby="guestbook-title">
      <h2 id="guestbook-title">The book on chain {chainId}</h2>
      {count.error ? <p role="alert">{errorText(count.error)}</p> : null}
      <p>
        Entries: <output aria-label="Entry count">{count.data?.toString() ?? '…'}</output>
      </p>
      {total > 0 ? (
        <ol aria-label="Entries">
          {Array.from({ length: total }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an entry's index is its identity
            <Entry key={index} index={index} chainId={chainId} canTip={status === 'connected'} />
          ))}
        </ol>
      ) : (
        <p>No entries yet.</p>
      )}
      <form aria-label="Sign the guestbook" onSubmit={sign}>
        <label>
          Message <input value={message} onChange={(event) => setMessage(event.target.value)} />
        </label>{' '}
        <button type="submit" disabled={write.isPending || status !== 'connected'}>
          Sign the guestbook
        </button>
      </form>
      <p role="status" aria-label="Guestbook status">
        {write.isPending
          ? `Asking your wallet to send ${call} to the guestbook…`
          : write.data && write.status === 'success'
            ? `Signed in block ${write.data.receipt.blockNumber}`
            : ''}
      </p>
      {write.error ? (
        <p role="alert" aria-label="Guestbook error">
          {errorText(write.error)}
        </p>
      ) : null}
    </section>
  )
}

/** One entry (`entry(index)`), with a Tip button that pays its author (a payable write). */
function Entry({ index, chainId, canTip }: { index: number; chainId: number; canTip: boolean }) {
  const entry = useReadContract({
    address,
    abi,
    functionName: 'entry',
    args: [BigInt(index)],
    chainId,
  })
  const tip = useWriteContract()
  if (!entry.data) return <li>{entry.error ? errorText(entry.error) : 'Loading…'}</li>
  const [author, message, timestamp] = entry.data
  const number = index + 1
  return (
    <li aria-label={`Entry ${number}`}>
      <q>{message}</q> by <code>{author}</code>,{' '}
      <time dateTime={new Date(Number(timestamp) * 1000).toISOString()}>
        {new Date(Number(timestamp) * 1000).toLocaleString()}
      </time>{' '}
      <button
        type="button"
        aria-label={`Tip the author of entry ${number} ${formatEther(TIP)} ETH`}
        disabled={!canTip || tip.isPending}
        onClick={() =>
          tip
            .writeContract({
              address,
              abi,
              functionName: 'tip',
              args: [BigInt(index)],
              value: TIP,
              chainId,
            })
            .catch(() => undefined)
        }
      >
        Tip {formatEther(TIP)} ETH
      </button>{' '}
      {tip.data && tip.status === 'success' ? (
        <span role="status">Tipped in block {tip.data.receipt.blockNumber.toString()}</span>
      ) : null}
      {tip.error ? <span role="alert">{errorText(tip.error)}</span> : null}
    </li>
  )
}
