import type { ServerSiwx, SiwxServerSession } from '@portico/core'
import { useSiwx } from '@portico/react'
import { useEffect, useState } from 'react'

/**
 * Who is signed in, as the server says: the session's account is asked to `me` with its token,
 * so what shows is the server's answer, not only what the browser kept.
 */
export function SignedIn({ siwx }: { siwx: ServerSiwx }) {
  const { session, signOut, isPending } = useSiwx()
  const [server, setServer] = useState<SiwxServerSession | undefined>()
  const [orders, setOrders] = useState<string | undefined>()
  useEffect(() => {
    setServer(undefined)
    setOrders(undefined)
    if (!session) return
    let current = true
    siwx.me(session.chainId, session.address).then(
      (answer) => current && setServer(answer),
      () => current && setServer(undefined),
    )
    // The app's own route, opened by the session cookie alone (no token in this request).
    fetch('/api/orders')
      .then((response) => response.json() as Promise<{ account?: string; error?: string }>)
      .then(
        (answer) => current && setOrders(answer.account ?? `refused: ${answer.error}`),
        () => current && setOrders('unreachable'),
      )
    return () => {
      current = false
    }
  }, [session, siwx])
  if (!session) {
    return <p>{isPending ? 'Signing in…' : 'Not signed in.'}</p>
  }
  return (
    <section aria-label="Session">
      <p>
        Signed in as <output aria-label="Signed-in address">{session.address}</output>
      </p>
      {server ? (
        <p>
          The server says: {server.accountType ?? 'account'} on {server.chainId}, until{' '}
          {server.expiresAt}
        </p>
      ) : (
        <p>Asking the server…</p>
      )}
      <p>
        The app's own route knows you as{' '}
        <output aria-label="Orders account">{orders ?? '…'}</output>
      </p>
      <button type="button" onClick={() => signOut().catch(() => undefined)}>
        Sign out
      </button>
    </section>
  )
}
