import { truncateAddress } from '@portico/core'
import type { ReactNode } from 'react'
import { WalletIcon } from '../components/WalletIcon.js'
import { useViewMessages } from '../kit/messages.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type NamespacesViewState, useNamespacesView } from './useNamespacesView.js'

type Texts = typeof en & typeof views

/**
 * Every namespace the app supports with its account (or "Not connected"): picking one makes it
 * the active one, and a connected one can be disconnected alone. Draws nothing for an app with
 * one namespace. Its render prop receives `useNamespacesView()`.
 */
export function NamespaceList({
  children,
}: {
  children?: (state: NamespacesViewState) => ReactNode
}) {
  const state = useNamespacesView()
  const { t } = useViewMessages<Texts>(views)
  if (children) return <>{children(state)}</>
  if (state.namespaces.length === 0) return null
  return (
    <section data-portico-namespaces="" aria-label={t('namespaces.list')}>
      <ul data-portico-list="">
        {state.namespaces.map((item) => {
          const chain = t(`namespace.${item.namespace}` as keyof Texts)
          const connected = item.status === 'connected' && item.address !== undefined
          return (
            <li key={item.namespace}>
              <button
                type="button"
                data-portico-namespace={item.namespace}
                aria-pressed={item.isActive}
                onClick={() => state.select(item.namespace)}
              >
                {connected ? (
                  <WalletIcon
                    src={item.walletInfo?.icon}
                    name={item.walletInfo?.name ?? chain}
                    size={24}
                  />
                ) : null}
                <span>{chain}</span>{' '}
                <span data-portico-muted="">
                  {connected && item.address
                    ? truncateAddress(item.address)
                    : t('namespaces.notConnected')}
                </span>
              </button>
              {connected ? (
                <button
                  type="button"
                  data-portico-danger=""
                  onClick={() => void state.disconnect(item.namespace)}
                >
                  {t('namespaces.disconnect', { chain })}
                </button>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
