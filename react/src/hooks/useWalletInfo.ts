import { useStore } from '@nanostores/react'
import type { ConnectedWalletInfo } from '@portico/core'
import { usePortico } from './usePortico.js'

export type UseWalletInfoReturnType = {
  /** Name, icon and type of the connected wallet; undefined when disconnected. */
  walletInfo: ConnectedWalletInfo | undefined
}

export function useWalletInfo(): UseWalletInfoReturnType {
  const client = usePortico()
  const account = useStore(client.account.$account)
  return { walletInfo: account.connectedWalletInfo }
}
