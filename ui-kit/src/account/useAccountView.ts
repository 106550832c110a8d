import { truncateAddress, type ViewName } from '@portico/core'
import {
  useAccount,
  useBalance,
  useDisconnect,
  useModal,
  useNetwork,
  usePortico,
  useToast,
} from '@portico/react'
import { useCallback, useMemo } from 'react'
import { useFeatures } from '../kit/context.js'
import { accountActions } from './accountActions.js'

/** A button of the Account view: what it says (a message key) and what it opens. */
export type AccountViewAction = {
  id: string
  /** The key of its text in the messages table. */
  label: string
  view: ViewName
  open(): void
}

/** The Account view's state. */
export type AccountViewState = {
  address: string | undefined
  /** The account's name, or its shortened address. */
  displayName: string
  avatar: string | undefined
  /** The native balance in whole units, undefined until read. */
  balance: string | undefined
  symbol: string | undefined
  networkName: string
  /** The address on the network's block explorer. */
  explorerUrl: string | undefined
  /** A stored connection is being restored. */
  isReconnecting: boolean
  /** What the account can do here (send, receive, activity, a name…), in the configured order. */
  actions: readonly AccountViewAction[]
  /** Copies the address and says so in a toast. */
  copyAddress(): Promise<void>
  openNetworks(): void
  /** Disconnects; the modal goes back to Connect. */
  disconnect(): Promise<void>
}

/** The Account view-model: who, how much, on which network, and what to do next. */
export function useAccountView(): AccountViewState {
  // The feature registry's rules read the client (its options, a feature's static networks).
  const client = usePortico()
  const { showSuccess, showError } = useToast()
  const features = useFeatures()
  const { address, profileName, profileImage, explorerUrl, isReconnecting, namespace } =
    useAccount()
  const { data } = useBalance()
  const { network } = useNetwork()
  const { push } = useModal()
  const { disconnect } = useDisconnect()

  const copyAddress = useCallback(async () => {
    if (!address) return
    try {
      await navigator.clipboard.writeText(address)
      showSuccess({ key: 'account.copied' })
    } catch {
      showError({ key: 'account.copyFailed' })
    }
  }, [address, showSuccess, showError])

  const chainId = network.id
  const actions = useMemo(
    () =>
      accountActions(features, { client, namespace, chainId, profileName }).map((action) => ({
        ...action,
        open: () => push(action.view),
      })),
    [features, client, namespace, chainId, profileName, push],
  )

  return useMemo(
    () => ({
      address,
      displayName: profileName ?? (address ? truncateAddress(address) : ''),
      avatar: profileImage,
      balance: data?.balance,
      symbol: data?.symbol,
      networkName: network.name,
      explorerUrl,
      isReconnecting,
      actions,
      copyAddress,
      openNetworks: () => push('Networks'),
      disconnect: () => disconnect().catch(() => undefined),
    }),
    [
      address,
      profileName,
      profileImage,
      data,
      network,
      explorerUrl,
      isReconnecting,
      actions,
      copyAddress,
      push,
      disconnect,
    ],
  )
}
