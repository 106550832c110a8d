import { atom, computed, onMount, type ReadableAtom, type WritableAtom } from 'nanostores'
import { balancesFeature } from '../balances/index.js'
import { parseCaipNetworkId } from '../caip/index.js'
import { connectionFeature } from '../connection/index.js'
import { PorticoError } from '../errors/index.js'
import { formatAmount, fractionDigits, parseDecimal } from '../format/index.js'
import { historyFeature } from '../history/index.js'
import {
  errorState,
  idleState,
  pendingState,
  successState,
  toPorticoError,
} from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { networkFeature } from '../network/index.js'
import { invalidOption } from '../options/index.js'
import { cleanDisplayText, TEXT_LIMITS, toSafeImageUrl } from '../security/index.js'
import { arrayOf, caipNetworkId, decimalAmount, isRecord, oneOf } from '../storage/validators.js'
import { toastFeature } from '../toast/index.js'
import type { OnrampActions, OnrampEngine, OnrampNeeds, OnrampStores } from './engine.js'
import type { OnrampKitList } from './kit.js'
import { openOnrampWindow } from './popup.js'
import type { OnrampOptions, OnrampPurchase } from './types.js'

/**
 * Buying crypto with a card or a bank account (`client.onramp`). Its code loads the first time a
 * store is watched or an action is called (a few milliseconds); until then `$form` is undefined
 * and the other stores are idle.
 */
export type OnrampFeature = {
  [K in keyof OnrampStores]: K extends '$form'
    ? ReadableAtom<OnrampStores[K]['value'] | undefined>
    : OnrampStores[K]
} & Omit<OnrampActions, 'buy'> & {
    /**
     * Opens the provider in a new window (call it in the click: the window opens before anything
     * is awaited, or popup blockers refuse it), then follows the purchase until it completes or
     * fails; balances and history refresh after. A second call while one is followed focuses its
     * window and joins it.
     */
    buy(): Promise<OnrampPurchase>
  }

const NEEDS = [connectionFeature, networkFeature, balancesFeature, historyFeature, toastFeature]

/** The rest of core the lazy code uses, in the order of `OnrampKitList` (see `kit.ts`). */
export const onrampKitList = (): OnrampKitList => [
  atom,
  computed,
  onMount,
  PorticoError,
  idleState,
  pendingState,
  successState,
  errorState,
  toPorticoError,
  isRecord,
  arrayOf,
  oneOf,
  caipNetworkId,
  decimalAmount,
  cleanDisplayText,
  TEXT_LIMITS,
  toSafeImageUrl,
  parseDecimal,
  fractionDigits,
  formatAmount,
  parseCaipNetworkId,
  openOnrampWindow,
]

/**
 * The on-ramp as the client holds it before first use: the options check, stores that show the
 * engine's while watched, and actions that load the engine (`engine.ts`, a chunk of its own)
 * once. Everything else is in the engine, so the client's first load barely grows.
 */
export const onrampFeature = defineFeature({
  name: 'onramp',
  needs: NEEDS,
  storageKeys: ['onramp_preferences'],
  options({ onramp = {} }: OnrampOptions) {
    const { restrictedTimeZones = [], meldUrl = 'https://', meldPublicKey = '' } = onramp
    if (
      !Array.isArray(restrictedTimeZones) ||
      ![...restrictedTimeZones, meldPublicKey].every((v) => typeof v === 'string') ||
      !/^https?:\/\/\S*$/.test(meldUrl)
    ) {
      invalidOption(
        'onramp: restrictedTimeZones must be time zone names, meldUrl an http(s) URL, meldPublicKey text',
      )
    }
    return onramp
  },
  create(context, options): { public: OnrampFeature } {
    let engine: OnrampEngine | undefined
    let loading: Promise<OnrampEngine> | undefined
    let destroyed = false
    const stores: WritableAtom<Record<string, unknown> | undefined>[] = []
    const client: Record<string, unknown> = {}
    const load = () =>
      (loading ??= import('./engine.js').then(
        (module) => {
          engine ??= module.createOnrampEngine(
            context,
            options,
            NEEDS.map((feature) => context.use(feature)) as unknown as OnrampNeeds,
            onrampKitList(),
          )
          if (destroyed) engine.destroy()
          return engine
        },
        (cause: unknown) => {
          loading = undefined
          const error = new PorticoError('UNKNOWN_ERROR', 'The on-ramp could not be loaded', {
            cause,
            details: { message: { key: 'onramp.loadFailed' } },
          })
          // The async stores say it (`.value`: reading must not load again).
          for (const store of stores) {
            if (store.value) store.set({ ...store.value, status: 'error', error })
          }
          throw error
        },
      ))
    context.onDestroy(() => {
      destroyed = true
      engine?.destroy()
    })
    for (const name of ['$options', '$form', '$quote', '$purchase', '$purchases'] as const) {
      const store = atom(
        name === '$form'
          ? undefined
          : { ...idleState(), ...(name === '$purchase' && { phase: 'idle' }) },
      )
      stores.push(store)
      // While watched, a store shows the engine's (watching loads the engine).
      onMount(store, () => {
        // Once loaded, at once: a bare `.get()` (which mounts for a moment) then reads the engine.
        if (engine) return (engine.stores[name] as ReadableAtom<never>).subscribe(store.set)
        let stop: (() => void) | undefined
        let watched = true
        load().then(
          (loaded) => {
            if (watched) stop = (loaded.stores[name] as ReadableAtom<never>).subscribe(store.set)
          },
          () => undefined,
        )
        return () => {
          watched = false
          stop?.()
        }
      })
      client[name] = store
    }
    for (const name of 'buy setAsset setPaymentCurrency setPaymentMethod setAmount setProvider refetch cancel reset refreshPurchases'.split(
      ' ',
    ) as (keyof OnrampActions)[]) {
      client[name] = (...args: never[]) => {
        const call = (loaded: OnrampEngine, a: unknown[]) =>
          (loaded.actions[name] as (...a: unknown[]) => unknown)(...a)
        // `buy` takes no argument publicly: an app's `onClick={buy}` passes an event, not a window.
        if (engine) return call(engine, name === 'buy' ? [] : args)
        // A purchase opens its window now, in the click; the code that fills it loads meanwhile.
        const popup = name === 'buy' ? openOnrampWindow() : undefined
        const done = load().then((loaded) => call(loaded, popup === undefined ? args : [popup]))
        done.catch((error: unknown) => {
          popup?.close()
          if (!engine) context.logger.error('on-ramp', error)
        })
        return done
      }
    }
    return { public: client as OnrampFeature }
  },
})
