import { guestbook as address } from 'virtual:portico-devnet'
import type { PorticoClient } from '@portico/core'
import { DevnetGuestbook } from '@portico/devnet/contracts'
import { usePortico, useBalance as usePorticoBalance } from '@portico/react'
import { createPorticoWagmiConfig } from '@portico/wagmi'
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { BaseError, formatEther, UserRejectedRequestError } from 'viem'
import {
  type Config,
  useConnection,
  usePublicClient,
  useReadContract,
  useSignMessage,
  useBalance as useWagmiBalance,
  useWaitForTransactionReceipt,
  useWriteContract,
  WagmiProvider,
} from 'wagmi'

const abi = DevnetGuestbook.abi

// One wagmi config and query cache for the docs site, over its one Portico client (`Live`'s):
// the connection carries across pages, in Portico's hooks and wagmi's alike.
let shared: { client: PorticoClient; config: Config; queryClient: QueryClient } | undefined
function wagmiFor(client: PorticoClient) {
  if (shared?.client !== client) {
    shared = {
      client,
      config: createPorticoWagmiConfig({ client }),
      queryClient: new QueryClient(),
    }
  }
  return shared
}

/** A refusal in the wallet in the app's words; anything else as viem's short message. */
const text = (error: Error) =>
  error instanceof BaseError
    ? error.walk((cause) => cause instanceof UserRejectedRequestError)
      ? 'You declined the request in your wallet.'
      : error.shortMessage
    : error.message

/**
 * wagmi over the page's Portico client: `WagmiProvider` with `createPorticoWagmiConfig`, inside
 * `PorticoProvider` (the docs' `Live`), so Portico's ConnectButton and Modal connect and wagmi's
 * hooks do the app's own work.
 */
export default function WagmiExample() {
  const { config, queryClient } = wagmiFor(usePortico())
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <Guestbook />
      </QueryClientProvider>
    </WagmiProvider>
  )
}

function Guestbook() {
  const { address: account, chainId, status } = useConnection()
  // Portico's balance (what the modal shows) and wagmi's: one name, two hooks, import aliases.
  const porticoBalance = usePorticoBalance()
  const wagmiBalance = useWagmiBalance({ address: account, query: { enabled: !!account } })
  const count = useReadContract({ address, abi, functionName: 'count' })
  const write = useWriteContract()
  const receipt = useWaitForTransactionReceipt({ hash: write.data })
  const sign = useSignMessage()
  const publicClient = usePublicClient()
  const queryClient = useQueryClient()
  const [message, setMessage] = useState('gm from wagmi')
  const [verified, setVerified] = useState<boolean | undefined>()
  const connected = status === 'connected'

  // Once mined, wagmi's queries read again (the count, wagmi's balance); Portico reads its own.
  const mined = receipt.data?.blockNumber
  useEffect(() => {
    if (mined !== undefined) void queryClient.invalidateQueries()
  }, [mined, queryClient])

  const signText = async () => {
    setVerified(undefined)
    const signature = await sign.mutateAsync({ message })
    // viem's verifyMessage on wagmi's public client (asks a contract account's ERC-1271 too).
    setVerified(await publicClient?.verifyMessage({ address: account!, message, signature }))
  }

  return (
    <section aria-label="Guestbook on wagmi">
      <p>
        wagmi's account:{' '}
        <output aria-label="wagmi status">
          {connected ? `${account} on chain ${chainId}` : status}
        </output>
      </p>
      {connected ? (
        <p>
          Balance, Portico's: <output>{porticoBalance.data?.balance ?? '…'}</output> · wagmi's:{' '}
          <output>{wagmiBalance.data ? formatEther(wagmiBalance.data.value) : '…'}</output>
        </p>
      ) : null}
      <p>
        Entries: <output aria-label="Entry count">{count.data?.toString() ?? '…'}</output>
      </p>
      <label>
        Message <input value={message} onChange={(event) => setMessage(event.target.value)} />
      </label>{' '}
      <button
        type="button"
        disabled={!connected || write.isPending || receipt.isFetching}
        onClick={() => write.mutate({ address, abi, functionName: 'sign', args: [message] })}
      >
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
      {write.isPending ? <p role="status">Waiting for the wallet…</p> : null}
      {mined !== undefined ? <p role="status">Signed in block {mined.toString()}</p> : null}
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
