import { formatAmount, truncateAddress } from '@portico/core'
import {
  useAccount,
  useBalance,
  useDisconnect,
  useModal,
  useNetwork,
  useToast,
} from '@portico/react'
import type { ReactNode } from 'react'
import { WalletIcon } from '../../components/WalletIcon.js'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'
import { AccountFeatures } from './AccountFeatures.js'

export type AccountViewState = {
  address: string | undefined
  displayName: string
  avatar: string | undefined
  balance: string | undefined
  symbol: string | undefined
  networkName: string
  copyAddress(): Promise<void>
  openNetworks(): void
  disconnect(): Promise<void>
}

export type AccountViewProps = ViewProps & { children?: (state: AccountViewState) => ReactNode }

/** The connected account: who, how much, on which network; copy, switch, disconnect. */
export function AccountView({ children }: AccountViewProps) {
  const messages = useMessages()
  const { address, profileName, profileImage, explorerUrl, isReconnecting } = useAccount()
  const { balance, symbol } = useBalance()
  const { network } = useNetwork()
  const { push } = useModal()
  const { disconnect } = useDisconnect()
  const toast = useToast()
  const displayName = profileName ?? (address ? truncateAddress(address) : '')

  async function copyAddress() {
    if (!address) return
    try {
      await navigator.clipboard.writeText(address)
      toast.showSuccess(messages['account.copied'])
    } catch {
      toast.showError(messages['account.copyFailed'])
    }
  }

  const state: AccountViewState = {
    address,
    displayName,
    avatar: profileImage,
    balance,
    symbol,
    networkName: network.name,
    copyAddress,
    openNetworks: () => push('Networks'),
    disconnect: () => disconnect().catch(() => undefined),
  }
  if (children) return <>{children(state)}</>
  if (isReconnecting) return <p data-portico-muted="">{messages['account.reconnecting']}</p>

  return (
    <div data-portico-account="">
      <WalletIcon src={profileImage} name={displayName} size={72} />
      <p data-portico-heading="" data-portico-account-name="" title={address}>
        {displayName}
      </p>
      <p data-portico-balance="">
        <span data-portico-visually-hidden="">{messages['account.balance']} </span>
        {balance === undefined ? '…' : `${formatAmount(balance, 4)} ${symbol ?? ''}`.trim()}
      </p>
      <div data-portico-actions="">
        <button type="button" onClick={() => void copyAddress()}>
          {messages['account.copy']}
        </button>
        {explorerUrl ? (
          <a href={explorerUrl} target="_blank" rel="noreferrer noopener">
            {messages['account.explorer']}
          </a>
        ) : null}
      </div>
      <AccountFeatures />
      <button type="button" data-portico-network-button="" onClick={state.openNetworks}>
        {messages['account.network'](network.name)}
      </button>
      <button type="button" data-portico-danger="" onClick={() => void state.disconnect()}>
        {messages['account.disconnect']}
      </button>
    </div>
  )
}
