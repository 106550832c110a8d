import type { ReadableAtom } from 'nanostores'
import type { OnrampBase } from './base.js'
import { ONRAMP_HISTORY_PARAMETER } from './tuning.js'
import type { OnrampForm } from './types.js'

/** The account's purchases through every provider offered here (OnRampActivity), newest first. */
export function createPurchases(base: OnrampBase, $form: ReadableAtom<OnrampForm>) {
  const { kit, stores, api, connection } = base
  const { $purchases } = stores
  let run = 0

  async function refreshPurchases(): Promise<void> {
    const form = $form.get()
    const address = connection.get(form.namespace).address
    const mine = ++run
    if (!address) {
      $purchases.set(kit.idleState())
      return
    }
    // `.value`, not `.get()`: reading the store while nobody shows it would mount it, and
    // following the account would read the purchases once more.
    $purchases.set(kit.pendingState($purchases.value ?? kit.idleState()))
    try {
      const pages = await Promise.all(
        form.providers.map((provider) =>
          api.getPurchases({
            address,
            provider: ONRAMP_HISTORY_PARAMETER[provider.id],
            chainId: form.caipNetworkId,
          }),
        ),
      )
      const items = pages.flat().sort((a, b) => Date.parse(b.minedAt) - Date.parse(a.minedAt))
      if (mine === run) $purchases.set(kit.successState(items))
    } catch (cause) {
      if (mine === run) {
        $purchases.set(
          kit.errorState($purchases.value ?? kit.idleState(), kit.toPorticoError(cause)),
        )
      }
    }
  }

  return {
    refreshPurchases,
    /** While the purchases are shown: read for each account (and again when it changes). */
    followPurchases: () =>
      connection.$caipAddress.subscribe(() => {
        void refreshPurchases()
      }),
  }
}
