import { type ConnectionStatus, formatAmount, truncateAddress, type ViewName } from '@portico/core'
import { useAccount, useBalance, useModal } from '@portico/react'
import { useCallback, useMemo } from 'react'
import { usePrefetchView } from './usePrefetch.js'

/** The ConnectButton's state: what it draws, and what its render prop receives. */
export type ConnectButtonState = {
  status: ConnectionStatus
  isConnected: boolean
  /**
   * The button draws the account: connected, or a stored connection being restored with its
   * address already known (a page rendered on the server from the request's cookies).
   */
  showsAccount: boolean
  /** A connection is being made or restored. */
  isConnecting: boolean
  address: string | undefined
  /** The account's name, or its shortened address (empty while disconnected). */
  displayName: string
  /** The account's avatar URL, when its name has one. */
  avatar: string | undefined
  /** The native balance for display (4 decimals at most), undefined until read. */
  balance: string | undefined
  symbol: string | undefined
  /** The modal is open. */
  isOpen: boolean
  /** The view a click opens: Account once connected, Connect before. */
  view: ViewName
  /** Opens the modal on that view. */
  open(): void
  /** Fetches that view's code (the button does it on hover and focus). */
  prefetch(): void
}

/**
 * The ConnectButton view-model: "Connect wallet" while disconnected; once connected, who and how
 * much, opening Account.
 */
export function useConnectButton(): ConnectButtonState {
  const { status, address, profileName, profileImage } = useAccount()
  const { data } = useBalance()
  const { isOpen, open: openModal } = useModal()
  const isConnected = status === 'connected'
  // A connection restored from the request shows its account while the wallet is asked: the
  // server HTML and the first render agree, and nothing flickers once the wallet answers.
  const showsAccount = address !== undefined && (isConnected || status === 'reconnecting')
  const view: ViewName = showsAccount ? 'Account' : 'Connect'
  const prefetch = usePrefetchView(view)
  const open = useCallback(() => openModal({ view }), [openModal, view])
  return useMemo(
    () => ({
      status,
      isConnected,
      showsAccount,
      isConnecting: status === 'connecting' || status === 'reconnecting',
      address,
      displayName: showsAccount ? (profileName ?? (address ? truncateAddress(address) : '')) : '',
      avatar: showsAccount ? profileImage : undefined,
      balance: isConnected && data ? formatAmount(data.balance, 4) : undefined,
      symbol: isConnected ? data?.symbol : undefined,
      isOpen,
      view,
      open,
      prefetch,
    }),
    [
      status,
      isConnected,
      showsAccount,
      address,
      profileName,
      profileImage,
      data,
      isOpen,
      view,
      open,
      prefetch,
    ],
  )
}
