import { guestbook as address } from 'virtual:portico-devnet'
import type { PorticoError } from '@portico/core'
import { DevnetGuestbook } from '@portico/devnet/contracts'
import {
  useAccount,
  usePublicClient,
  useReadContract,
  useSignMessage,
  useWriteContract,
} from '@portico/react'
import { useState } from 'react'

const abi = DevnetGuestbook.abi

/** A refusal in the wallet in the app's words; anything else as the error says it. */
const text = (error: PorticoError) =>
  error.code === 'USER_REJECTED' ? 'You declined the request in your wallet.' : error.message

/**
 * The app's own contract (the devnet's guestbook, at the same address on every devnet chain):
 * read it, write to it and sign a message, through whatever wallet the modal connected.
 */
export default function GuestbookExample() {
  const { address: account, chainId, status } = useAccount()
  // Reads need no wallet: the app's network answers (the wallet's chain once connected).
  const count = useReadContract({ address, abi, functionName: 'count', chainId })
  const last = count.data === undefined || count.data === 0n ? undefined : count.data - 1n
  const latest = useReadContract({
    address,
    abi,
    functionName: 'entry',
    args: [last ?? 0n],
    chainId,
    enabled: last !== undefined, // waits until there is an entry to read
  })
  // Writes are simulated first: a revert is refused, named, before the wallet sees it.
  const write = useWriteContract()
  const sign = useSignMessage()
  const { data: publicClient } = usePublicClient()
  const [message, setMessage] = useState('gm')
  const [verified, setVerified] = useState<boolean | undefined>()
  const connected = status === 'connected'

  const signBook = () =>
    write
      .writeContract({ address, abi, functionName: 'sign', args: [message], chainId })
      .then(() => count.refetch())
      .catch(() => undefined) // shown from write.error

  const signText = async () => {
    setVerified(undefined)
    const signature = (await sign.signMessage({ message })) as `0x${string}`
    // viem's verifyMessage on the public client (asks a contract account's ERC-1271 too).
    setVerified(
      await publicClient?.verifyMessage({
        address: account as `0x${string}`,
        message,
        signature,
      }),
    )
  }

  return (
    <section aria-label="Guestbook">
      <p>
        Entries: <output aria-label="Entry count">{count.data?.toString() ?? '…'}</output>
        {latest.data ? (
          <>
            {' '}
            · the latest: <q>{latest.data[1]}</q> by <code>{latest.data[0]}</code>
          </>
        ) : null}
      </p>
      <label>
        Message <input value={message} onChange={(event) => setMessage(event.target.value)} />
      </label>{' '}
      <button type="button" disabled={!connected || write.isPending} onClick={signBook}>
        Sign the guestbook
      </button>{' '}
      <button
        type="button"
        disabled={!connected || sign.isPending}
        onClick={() => signText().catch(() => undefined)}
      >
        Sign a message
      </button>
      {!connected ? <p>Connect a wallet to write and sign.</p> : null}
      {write.isPending ? <p role="status">Waiting for the wallet and the chain…</p> : null}
      {write.data && write.status === 'success' ? (
        <p role="status">Signed in block {write.data.receipt.blockNumber.toString()}</p>
      ) : null}
      {write.error ? <p role="alert">{text(write.error)}</p> : null}
      {sign.data ? (
        <p>
          Signature <code style={{ wordBreak: 'break-all' }}>{sign.data}</code>
          {verified === undefined
            ? null
            : verified
              ? ' · Signature verified'
              : ' · does not verify'}
        </p>
      ) : null}
      {sign.error ? <p role="alert">{text(sign.error)}</p> : null}
    </section>
  )
}
