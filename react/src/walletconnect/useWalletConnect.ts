import { useStore } from '@nanostores/react'
import type {
  AsyncState,
  ConnectReturnType,
  DeepLinkChoice,
  ListedWallet,
  WalletConnectStatus,
  WalletLinkKind,
  WalletLinks,
} from '@portico/core'
import { useMemo } from 'react'
import { asyncState } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/**
 * What `useWalletConnect` returns: the pairing URI's async state (`data`: the URI to show as a QR
 * code or hand to a wallet; `isPending` while waiting for it; `error` when pairing failed), the
 * connection's status and the deep-link helpers.
 */
export type UseWalletConnectReturnType = AsyncState<string> & {
  /** When the URI expires (ms since epoch); a new one is fetched while the view is open. */
  expiry: number | undefined
  /** The WalletConnect session: disconnected, connecting (pairing) or connected. */
  connectionStatus: WalletConnectStatus
  /** The listed wallet the links point at. */
  wallet: ListedWallet | undefined
  /** Mobile, desktop and web links of that wallet for the current URI (unsafe ones left out). */
  links: WalletLinks
  /** The deep link the user chose last time. */
  linking: DeepLinkChoice | undefined
  connectedVia: 'mobile' | 'qrcode' | undefined
  selectWallet(wallet: ListedWallet | undefined): void
  startPairing(): Promise<ConnectReturnType | undefined>
  retry(): Promise<ConnectReturnType | undefined>
  /** Opens a link; call it straight from the click handler. */
  openLink(kind: WalletLinkKind): void
  reset(): void
}

/** WalletConnect pairing state and deep-link helpers. */
export function useWalletConnect(): UseWalletConnectReturnType {
  const { walletConnect } = usePortico()
  const uri = useStore(walletConnect.$wcUri)
  const expiry = useStore(walletConnect.$wcPairingExpiry)
  const status = useStore(walletConnect.$status)
  const buffering = useStore(walletConnect.$buffering)
  const error = useStore(walletConnect.$wcError)
  const wallet = useStore(walletConnect.$recentWallet)
  const linking = useStore(walletConnect.$wcLinking)
  const connectedVia = useStore(walletConnect.$connectedVia)
  // biome-ignore lint/correctness/useExhaustiveDependencies: links follow the wallet and the URI
  const links = useMemo(() => walletConnect.links(), [walletConnect, wallet, uri])
  return useMemo(
    () => ({
      ...asyncState<string>(
        error ? 'error' : buffering ? 'pending' : uri ? 'success' : 'idle',
        uri,
        error,
      ),
      expiry,
      connectionStatus: status,
      wallet,
      links,
      linking,
      connectedVia,
      selectWallet: walletConnect.selectWallet,
      startPairing: walletConnect.startPairing,
      retry: walletConnect.retry,
      openLink: walletConnect.openLink,
      reset: walletConnect.reset,
    }),
    [uri, expiry, status, buffering, error, wallet, links, linking, connectedVia, walletConnect],
  )
}
