import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { WalletIcon } from '../components/WalletIcon.js'
import { usePageMessages } from '../messages/useMessages.js'
import { TriggerButton } from './TriggerButton.js'
import { type NetworkButtonState, useNetworkButton } from './useNetworkButton.js'

/** Props of `<NetworkButton>`. */
export type NetworkButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  /** Merge the button's behaviour into the app's own element (its only child). */
  asChild?: boolean
  /** A render function draws the whole control from the button's state; with `asChild`, the app's element. */
  children?: ReactNode | ((state: NetworkButtonState) => ReactNode)
}

/**
 * The network button: the active network's icon and name (accessible name "Network …"), opening
 * Networks; "Unsupported network" while the wallet is on a network the app does not list.
 */
export function NetworkButton({ children, asChild, ...props }: NetworkButtonProps) {
  const state = useNetworkButton()
  const { t } = usePageMessages()
  if (typeof children === 'function') return <>{children(state)}</>
  const content = state.isUnsupported ? (
    t('button.unsupportedNetwork')
  ) : (
    <>
      <span data-portico-visually-hidden="">{t('button.network')} </span>
      <WalletIcon src={state.network.imageUrl} name={state.network.name} size={20} />
      <span>{state.network.name}</span>
    </>
  )
  return (
    <TriggerButton
      data-portico-network-button=""
      data-unsupported={state.isUnsupported ? '' : undefined}
      {...props}
      asChild={asChild}
      isOpen={state.isOpen}
      open={state.open}
      prefetch={state.prefetch}
      face={content}
    >
      {children}
    </TriggerButton>
  )
}
