import type { PorticoNetwork } from '@portico/core'
import { useNetwork } from '@portico/react'
import { useState } from 'react'
import { useMessages } from '../messages/useMessages.js'
import { WalletIcon } from './WalletIcon.js'

export type NetworkListProps = {
  /** Called after the wallet switched. */
  onSwitched?(network: PorticoNetwork): void
  /** Marks the active network (off on UnsupportedChain, where none of them is active). */
  markActive?: boolean
}

/** The app's networks as buttons; picking one asks the wallet to switch. */
export function NetworkList({ onSwitched, markActive = true }: NetworkListProps) {
  const messages = useMessages()
  const { network, networks, switchNetwork, switchingTo } = useNetwork()
  const [failed, setFailed] = useState(false)

  async function pick(target: PorticoNetwork) {
    setFailed(false)
    try {
      await switchNetwork(target)
      onSwitched?.(target)
    } catch {
      setFailed(true)
    }
  }

  return (
    <>
      <ul data-portico-list="" aria-label={messages['networks.list']}>
        {networks.map((item) => {
          const active = markActive && item.id === network.id
          return (
            <li key={item.id}>
              <button
                type="button"
                data-portico-network=""
                aria-current={active ? 'true' : undefined}
                aria-busy={switchingTo?.id === item.id ? true : undefined}
                disabled={switchingTo !== undefined}
                onClick={() => void pick(item)}
              >
                <WalletIcon src={item.imageUrl} name={item.name} size={32} />
                <span>{item.name}</span>
                {active ? (
                  <span data-portico-tag="" aria-hidden="true">
                    {messages['networks.active']}
                  </span>
                ) : null}
              </button>
            </li>
          )
        })}
      </ul>
      <p aria-live="polite" data-portico-muted="">
        {switchingTo ? messages['networks.switching'] : failed ? messages['networks.failed'] : ''}
      </p>
    </>
  )
}
