import { type ChainNamespace, networkNamespace, type PorticoNetwork } from '@portico/core'
import { WalletIcon } from '../components/WalletIcon.js'
import { useViewMessages } from '../kit/messages.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import type { NetworkSwitchState } from './useNetworkSwitch.js'

/** The app's networks by namespace, in the order of their first network. */
export function groupByNamespace(
  networks: readonly PorticoNetwork[],
): { namespace: ChainNamespace; networks: PorticoNetwork[] }[] {
  const groups: { namespace: ChainNamespace; networks: PorticoNetwork[] }[] = []
  for (const network of networks) {
    const namespace = networkNamespace(network)
    const group = groups.find((g) => g.namespace === namespace)
    if (group) group.networks.push(network)
    else groups.push({ namespace, networks: [network] })
  }
  return groups
}

/**
 * The app's networks as buttons; picking one asks the wallet to switch. An app with networks of
 * several namespaces (EVM, Solana, Bitcoin…) sees one list per namespace, named after it.
 */
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
  const groups = groupByNamespace(networks)
  const list = (items: readonly PorticoNetwork[], label: string) => (
    <ul data-portico-list="" aria-label={label}>
      {items.map((item) => {
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
  )
  return (
    <>
      {groups.length > 1
        ? groups.map(({ namespace, networks: items }) => {
            const chain = t(`namespace.${namespace}` as keyof typeof views)
            return (
              <section key={namespace} data-portico-network-group="">
                <h3 data-portico-muted="">{chain}</h3>
                {list(items, t('networks.group', { chain }))}
              </section>
            )
          })
        : list(networks, t('networks.list'))}
      <p aria-live="polite" data-portico-muted="">
        {switchingTo ? t('networks.switching') : failed ? t('networks.failed') : ''}
      </p>
    </>
  )
}
