import type { OnrampProvider, OnrampProviderId } from '@portico/core'
import { useModal, useOnramp } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The OnRampProviders view's state. */
export type OnRampProvidersViewState = {
  /** The providers offered on the active network (none in a restricted time zone). */
  providers: readonly OnrampProvider[]
  /** The chosen provider. */
  selected: OnrampProviderId | undefined
  /** Chooses a provider and goes back to the order. */
  choose(provider: OnrampProviderId): void
  /** The on-ramp's code is still loading. */
  isLoading: boolean
}

/** The OnRampProviders view-model: who sells, with their fees; choosing returns to the order. */
export function useOnRampProvidersView(): OnRampProvidersViewState {
  const { form, providers, provider, setProvider } = useOnramp()
  const { back } = useModal()
  const choose = useCallback(
    (id: OnrampProviderId) => {
      setProvider(id)
      back()
    },
    [setProvider, back],
  )
  return useMemo(
    () => ({ providers, selected: provider?.id, choose, isLoading: form === undefined }),
    [providers, provider, choose, form],
  )
}
