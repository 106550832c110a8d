import type { LazyContext } from '../kernel/feature.js'
import { createOnrampBase } from './base.js'
import { createChoices } from './choices.js'
import { createPurchase } from './purchase.js'
import { createPurchases } from './purchases.js'
import { createQuoting } from './quoting.js'
import type { OnrampHalf, OnrampShell } from './types.js'

/**
 * The on-ramp's heavy half, loaded the first time a store is shown or an action is called: the
 * options (with the built-in list as fallback), the form and its checks, the debounced quote
 * (with the estimate as fallback), the purchase (the provider window, the provider's messages,
 * the history polled every 4 s for up to 3 minutes) and the account's purchases. Built once per
 * client; it writes the shell's stores.
 */
export function createLazy(context: LazyContext, shell: OnrampShell): OnrampHalf {
  const base = createOnrampBase(context, shell)
  const { stores, connection, idlePurchase } = base
  const { $form, loadOptions, choose } = createChoices(base)
  const quoting = createQuoting(base)
  const purchases = createPurchases(base, $form)
  const { buy, cancel } = createPurchase(base, {
    $form,
    quotedAt: quoting.quotedAt,
    refreshPurchases: purchases.refreshPurchases,
  })

  void loadOptions()
  // The form on the shell's store, and a quote asked again for each new order.
  context.onDestroy(
    $form.subscribe((form) => {
      stores.$form.set(form)
      quoting.requote(form)
    }),
  )
  // Another account or no account: the purchase of the old one is no longer followed here.
  context.onDestroy(connection.$address.listen(() => cancel()))
  context.onDestroy(cancel)

  return {
    setAsset: (assetId) => choose({ assetId }),
    setPaymentCurrency: (paymentCurrency) => choose({ paymentCurrency }, true),
    setPaymentMethod: (paymentMethod) => choose({ paymentMethod }, true),
    setAmount: (amount) => choose({ amount }),
    setProvider: (provider) => choose({ provider }, true),
    async refetch() {
      await loadOptions()
      quoting.requote($form.get(), true)
    },
    buy,
    cancel,
    reset() {
      cancel()
      stores.$purchase.set(idlePurchase)
      choose({ amount: '' })
    },
    refreshPurchases: purchases.refreshPurchases,
    followPurchases: purchases.followPurchases,
  }
}
