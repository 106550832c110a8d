import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type OnRampProvidersViewState, useOnRampProvidersView } from './useOnRampProvidersView.js'

/** The providers that sell on the active network, each with its fee; choosing returns to the order. */
export default function OnRampProvidersView({
  children,
}: DefaultViewProps<OnRampProvidersViewState>) {
  const state = useOnRampProvidersView()
  const { t } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  if (state.isLoading) return <p data-portico-muted="">{t('onramp.loading')}</p>
  if (state.providers.length === 0) {
    return <p data-portico-empty="">{t('onramp.noProviders')}</p>
  }
  return (
    <ul data-portico-list="">
      {state.providers.map((provider) => (
        <li key={provider.id}>
          <button
            type="button"
            data-portico-wallet=""
            aria-current={provider.id === state.selected ? 'true' : undefined}
            onClick={() => state.choose(provider.id)}
          >
            <span data-portico-wallet-name="">
              {t('onramp.providerName', { name: provider.name, range: provider.feeRange })}
            </span>
            {provider.id === state.selected ? (
              <span data-portico-tag="">{t('onramp.selected')}</span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  )
}
