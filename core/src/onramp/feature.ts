import { atom, type ReadableAtom } from 'nanostores'
import { balancesFeature } from '../balances/index.js'
import { connectionFeature } from '../connection/index.js'
import { historyFeature } from '../history/index.js'
import { idleState } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { networkFeature } from '../network/index.js'
import { invalidOption } from '../options/index.js'
import { toastFeature } from '../toast/index.js'
import { ONRAMP_LOAD_FAILED, ONRAMP_PREFERENCES_KEY } from './constants.js'
import { openOnrampWindow } from './popup.js'
import type { OnrampActions, OnrampAtoms, OnrampFeature, OnrampOptions } from './types.js'

/**
 * Whether `value` is an http(s) origin written exactly as the browser writes it: a checkout
 * page is allowed by exact origin, so anything looser (a path, a trailing slash, a wildcard)
 * would not mean what the app thinks.
 */
export function isExactOrigin(value: unknown): boolean {
  // A host name, IPv4 or bracketed IPv6 address, and a port: no wildcard, path or credentials.
  if (
    typeof value !== 'string' ||
    !/^https?:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d+)?$/.test(value)
  ) {
    return false
  }
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}

/** The actions that return nothing (an input's, a button's). */
type Setter = Exclude<keyof OnrampActions, 'refetch' | 'refreshPurchases' | 'buy'>

/**
 * Buying crypto with a card or a bank account. The shell every page loads holds the options'
 * check and the stores; the rest (`lazy.ts`) comes the first time a store is shown or an action
 * is called. An app that never opens the on-ramp never downloads it.
 */
export const onrampFeature = defineFeature({
  name: 'onramp',
  needs: [connectionFeature, networkFeature, balancesFeature, historyFeature, toastFeature],
  storageKeys: [ONRAMP_PREFERENCES_KEY],
  options({ onramp = {} }: OnrampOptions) {
    const {
      restrictedTimeZones = [],
      meldUrl = 'https://',
      meldPublicKey = '',
      checkoutOrigins = [],
    } = onramp
    if (
      !Array.isArray(restrictedTimeZones) ||
      ![...restrictedTimeZones, meldPublicKey].every((v) => typeof v === 'string') ||
      !/^https?:\/\/\S*$/.test(meldUrl)
    ) {
      invalidOption(
        'onramp: restrictedTimeZones must be time zone names, meldUrl an http(s) URL, meldPublicKey text',
      )
    }
    if (!Array.isArray(checkoutOrigins) || !checkoutOrigins.every(isExactOrigin)) {
      invalidOption(
        'onramp: checkoutOrigins must be origins written exactly (https://pay.example, no path)',
      )
    }
    return onramp
  },
  lazy: () => import('./lazy.js'),
  lazyError: ONRAMP_LOAD_FAILED,
  create(context, options, lazy): { public: OnrampFeature } {
    const stores: OnrampAtoms = {
      $options: atom(idleState()),
      $form: atom(),
      $quote: atom(idleState()),
      $purchase: atom({ ...idleState(), phase: 'idle' }),
      $purchases: atom(idleState()),
    }
    const half = lazy({
      stores,
      options,
      openWindow: openOnrampWindow,
      preferencesKey: ONRAMP_PREFERENCES_KEY,
      connection: context.use(connectionFeature),
      network: context.use(networkFeature),
      balances: context.use(balancesFeature),
      history: context.use(historyFeature),
      toast: context.use(toastFeature),
    })
    // A store on screen fetches the code that fills it (and an async one says so when it cannot
    // come). `$purchase` is shown with the form.
    for (const store of [stores.$options, stores.$form, stores.$quote] as ReadableAtom[]) {
      half.whileShown(store, () => () => undefined)
    }
    half.whileShown(stores.$purchases, (onramp) => onramp.followPurchases())
    // The setters return nothing: when the code cannot come, the stores on screen say so.
    const setters = Object.fromEntries(
      'setAsset setPaymentCurrency setPaymentMethod setAmount setProvider cancel reset'
        .split(' ')
        .map((name) => [
          name,
          (...args: never[]) =>
            void half
              .use((onramp) => (onramp[name as Setter] as (...a: never[]) => void)(...args))
              .catch(() => undefined),
        ]),
    ) as Pick<OnrampActions, Setter>
    return {
      public: {
        ...stores,
        ...half.actions('refetch', 'refreshPurchases'),
        ...setters,
        // `buy` takes no argument publicly: an app's `onClick={buy}` passes an event, not a window.
        buy() {
          if (half.current()) return half.use((onramp) => onramp.buy())
          // The window opens now, in the click (a popup blocker allows it only there); the code
          // that fills it loads meanwhile.
          const popup = openOnrampWindow()
          return half
            .use((onramp) => onramp.buy(popup))
            .catch((error: unknown) => {
              popup?.close()
              throw error
            })
        },
      },
    }
  },
})
