import { useStore } from '@nanostores/react'
import type {
  ConnectItem,
  WalletConnectFeature,
  WalletsFeature,
  WalletsStatus,
} from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useConnectList` returns. */
export type UseConnectListReturnType = {
  /** Every way to connect: groups in the configured order, each wallet once, recent ones marked. */
  items: readonly ConnectItem[]
  /** How many wallets the listing has in all (0 until known). */
  count: number
  /** The listed wallets' request: `error` when the listing could not be reached. */
  status: WalletsStatus
  /** Asks for the listed wallets again. */
  prefetch: WalletsFeature['prefetch']
  /** The browser extension of a listed wallet, when this browser has it. */
  installedConnector: WalletsFeature['installedConnector']
  /** Connects a listed wallet: its extension when installed, WalletConnect otherwise. */
  connect: WalletsFeature['connect']
  /** The wallet WalletConnect pairs with (its links); undefined for any wallet, by QR code. */
  selectWallet: WalletConnectFeature['selectWallet']
}

/**
 * The Connect list alone (not the connection, not the explorer's pages): what a wallet picker
 * draws. It asks for nothing by itself: the modal asks for the listed wallets when it opens.
 */
export function useConnectList(): UseConnectListReturnType {
  const { wallets, walletConnect } = usePortico()
  const items = useStore(wallets.$connectList)
  const count = useStore(wallets.$count)
  const status = useStore(wallets.$listStatus)
  return useMemo(
    () => ({
      items,
      count,
      status,
      prefetch: wallets.prefetch,
      installedConnector: wallets.installedConnector,
      connect: wallets.connect,
      selectWallet: walletConnect.selectWallet,
    }),
    [items, count, status, wallets, walletConnect],
  )
}
