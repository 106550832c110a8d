import { useStore } from '@nanostores/react'
import type { AccountState, CaipAddress, ChainNamespace, ConnectionStatus } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from './usePortico.js'

export type UseAccountReturnType = {
  address: string | undefined
  /** `namespace:chain:address`. */
  caipAddress: CaipAddress | undefined
  status: ConnectionStatus
  isConnected: boolean
  isConnecting: boolean
  /** True while a stored connection is being restored on page load. */
  isReconnecting: boolean
  isDisconnected: boolean
  namespace: ChainNamespace
  profileName: string | undefined
  profileImage: string | undefined
  explorerUrl: string | undefined
  /** The whole account state, for fields not listed above. */
  account: AccountState
}

/** The connected account of the active namespace. Never `connected` before the wallet answered. */
export function useAccount(): UseAccountReturnType {
  const client = usePortico()
  const account = useStore(client.account.$account)
  const namespace = useStore(client.account.$activeNamespace)
  return useMemo(
    () => ({
      address: account.address,
      caipAddress: account.caipAddress,
      status: account.status,
      isConnected: account.status === 'connected',
      isConnecting: account.status === 'connecting',
      isReconnecting: account.status === 'reconnecting',
      isDisconnected: account.status === 'disconnected',
      namespace,
      profileName: account.profileName,
      profileImage: account.profileImage,
      explorerUrl: account.addressExplorerUrl,
      account,
    }),
    [account, namespace],
  )
}
