import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { WalletIcon } from '../components/WalletIcon.js'
import { usePageMessages } from '../messages/useMessages.js'
import { TriggerButton } from './TriggerButton.js'
import { type ConnectButtonState, useConnectButton } from './useConnectButton.js'

/** Props of `<ConnectButton>`. */
export type ConnectButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  /** Merge the button's behaviour into the app's own element (its only child). */
  asChild?: boolean
  /**
   * A render function draws the whole control from the button's state (call `open` on click,
   * `prefetch` on hover); with `asChild`, the app's element.
   */
  children?: ReactNode | ((state: ConnectButtonState) => ReactNode)
}

/**
 * The wallet button: "Connect wallet" while disconnected (opening Connect); once connected, the
 * avatar, the name or short address and the balance (opening Account). Its accessible name starts
 * with "Account" once connected. Hovering or focusing it fetches the view it opens.
 */
export function ConnectButton({ children, asChild, ...props }: ConnectButtonProps) {
  const state = useConnectButton()
  const { t } = usePageMessages()
  if (typeof children === 'function') return <>{children(state)}</>
  const content = state.showsAccount ? (
    <>
      <span data-portico-visually-hidden="">{t('button.account')} </span>
      {state.avatar ? <WalletIcon src={state.avatar} name={state.displayName} size={24} /> : null}
      <span data-portico-button-name="" dir="auto">
        {state.displayName}
      </span>
      {state.balance !== undefined ? (
        <>
          {' '}
          <span data-portico-button-balance="" dir="ltr">
            {`${state.balance} ${state.symbol ?? ''}`.trim()}
          </span>
        </>
      ) : null}
    </>
  ) : (
    t('button.connect')
  )
  return (
    <TriggerButton
      data-portico-connect-button=""
      data-status={state.status}
      aria-busy={state.isConnecting ? true : undefined}
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
