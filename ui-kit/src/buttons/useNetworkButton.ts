import type { CaipNetworkId, PorticoNetwork, ViewName } from '@portico/core'
import { useModal, useNetwork } from '@portico/react'
import { useCallback, useMemo } from 'react'
import { usePrefetchView } from './usePrefetch.js'

/** The NetworkButton's state: what it draws, and what its render prop receives. */
export type NetworkButtonState = {
  /** The active app network. */
  network: PorticoNetwork
  /** The connected wallet is on a network the app does not list. */
  isUnsupported: boolean
  /** The chain the wallet is on, listed or not. */
  walletChainId: CaipNetworkId | undefined
  isOpen: boolean
  /** The view a click opens: Networks, or UnsupportedChain while the wallet is on an unlisted one. */
  view: ViewName
  open(): void
  /** Fetches that view's code (the button does it on hover and focus). */
  prefetch(): void
}

/** The NetworkButton view-model: the active network, opening Networks. */
export function useNetworkButton(): NetworkButtonState {
  const { network, isUnsupported, walletChainId } = useNetwork()
  const { isOpen, open: openModal } = useModal()
  const view: ViewName = isUnsupported ? 'UnsupportedChain' : 'Networks'
  const prefetch = usePrefetchView(view)
  const open = useCallback(() => openModal({ view }), [openModal, view])
  return useMemo(
    () => ({ network, isUnsupported, walletChainId, isOpen, view, open, prefetch }),
    [network, isUnsupported, walletChainId, isOpen, view, open, prefetch],
  )
}
