import { WalletIcon } from '../components/WalletIcon.js'
import { useViewMessages } from '../kit/messages.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import type { NetworkSwitchState } from './useNetworkSwitch.js'

/** The app's networks as buttons; picking one asks the wallet to switch. */
export function NetworkList({
  state,
  markActive = true,
}: {
  state: NetworkSwitchState
  /** Marks the active network (off on UnsupportedChain, where none of them is active). */
  markActive?: boolean
}) {
  const { t } = useViewMessages<typeof en & typeof views>(views)
  const { networks, active, switchingTo, failed, select } = state
  return (
    <>
      <ul data-portico-list="" aria-label={t('networks.list')}>
        {networks.map((item) => {
          const isActive = markActive && item.id === active.id
          return (
            <li key={item.id}>
              <button
                type="button"
                data-portico-network=""
                aria-current={isActive ? 'true' : undefined}
                aria-busy={switchingTo?.id === item.id ? true : undefined}
                disabled={switchingTo !== undefined}
                onClick={() => void select(item)}
              >
                <WalletIcon src={item.imageUrl} name={item.name} size={32} />
                <span>{item.name}</span>
                {isActive ? (
                  <span data-portico-tag="" aria-hidden="true">
                    {t('networks.active')}
                  </span>
                ) : null}
              </button>
            </li>
          )
        })}
      </ul>
      <p aria-live="polite" data-portico-muted="">
        {switchingTo ? t('networks.switching') : failed ? t('networks.failed') : ''}
      </p>
    </>
  )
}
