import type { PorticoClient } from '@portico/core'
import { type ReactNode, useEffect, useMemo } from 'react'
import { PorticoContext, type PorticoMessages } from './PorticoContext.js'

/** The props of `PorticoProvider`. */
export type PorticoProviderProps = {
  /** The client from `createPortico`; create it once per page (or once per SSR request). */
  client: PorticoClient
  /** Overrides for any user-visible text of the UI layer (partial: the rest stays English). */
  messages?: Partial<PorticoMessages>
  children?: ReactNode
}

/** Makes a Portico client available to the hooks and components below it. */
export function PorticoProvider({ client, messages, children }: PorticoProviderProps) {
  const value = useMemo(() => ({ client, messages: messages ?? {} }), [client, messages])
  // Restores a stored connection after hydration (idempotent: clients created in the browser
  // without `ssr` have already started).
  useEffect(() => {
    void client.connection.reconnect()
  }, [client])
  return <PorticoContext.Provider value={value}>{children}</PorticoContext.Provider>
}
