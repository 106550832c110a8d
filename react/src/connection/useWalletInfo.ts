import { useStore } from '@nanostores/react'
import type { ConnectedWalletInfo } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useWalletInfo` returns. */
export type UseWalletInfoReturnType = {
  /** Name, icon and type of the connected wallet; undefined when disconnected. */
  walletInfo: ConnectedWalletInfo | undefined
}

/** The connected wallet's name and icon. */
export function useWalletInfo(): UseWalletInfoReturnType {
  const { connection } = usePortico()
  const walletInfo = useStore(connection.$walletInfo)
  return useMemo(() => ({ walletInfo }), [walletInfo])
}
