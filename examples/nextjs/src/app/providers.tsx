'use client'

import { cookieStorage, createPortico, type PorticoInitialState } from '@portico/core'
import { installDevnetWallet } from '@portico/devnet/wallet'
import { PorticoProvider } from '@portico/react'
import { Modal } from '@portico/ui-kit'
import { type ReactNode, useState } from 'react'
import type { DevnetConfig } from './devnet'

/**
 * The client side of the app: one Portico client per page in the browser and one per request on
 * the server (`useState`, never a module-level client that two requests would share), on cookie
 * storage, starting from the request's cookies.
 */
export function Providers({
  devnet,
  initialState,
  children,
}: {
  devnet: DevnetConfig
  initialState: PorticoInitialState | undefined
  children: ReactNode
}) {
  const [client] = useState(() => {
    // The Devnet Wallet stands in for a browser extension: on the page before Portico looks for
    // wallets (PorticoProvider restores the stored connection once mounted).
    if (typeof window !== 'undefined') installDevnetWallet(devnet.wallet)
    return createPortico({
      projectId: devnet.projectId,
      networks: devnet.networks,
      apiUrls: devnet.apiUrls,
      ssr: true,
      storage: cookieStorage,
      initialState,
    })
  })
  return (
    <PorticoProvider client={client}>
      {children}
      <Modal />
    </PorticoProvider>
  )
}
