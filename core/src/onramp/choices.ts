import { isRecord, oneOf } from '../kit.js'
import type { OnrampBase } from './base.js'
import { buildOnrampForm } from './form.js'
import { currentTimeZone, isRestrictedTimeZone } from './providers.js'
import { ONRAMP_DEFAULT_OPTIONS } from './tuning.js'
import type { OnrampChoice, OnrampProviderId } from './types.js'

/** The user's last payment currency, method and provider, as stored: each checked. */
function preferences(value: unknown) {
  if (!isRecord(value)) return undefined
  const text = (v: unknown) => (typeof v === 'string' && /^[\w-]{1,64}$/.test(v) ? v : undefined)
  return {
    paymentCurrency: text(value.paymentCurrency),
    paymentMethod: text(value.paymentMethod),
    provider: oneOf<OnrampProviderId>(['coinbase', 'meld'])(value.provider),
  }
}

/**
 * The options (the service's, or the built-in list on any error) and the form built from them,
 * the user's choices and the active network. The form goes into the shell's `$form`.
 */
export function createChoices(base: OnrampBase) {
  const { kit, stores, api, logger, storage, network, preferencesKey } = base
  const { $options } = stores
  const restricted = isRestrictedTimeZone(currentTimeZone(), base.options.restrictedTimeZones)

  let optionsRequest: Promise<void> | undefined
  function loadOptions(): Promise<void> {
    optionsRequest ??= api
      .getOptions()
      .catch((cause: unknown) => {
        logger.warn('the on-ramp options could not be read: using the built-in list', cause)
        return ONRAMP_DEFAULT_OPTIONS
      })
      .then((data) => {
        optionsRequest = undefined
        $options.set(kit.successState(data))
      })
    // `.value`, not `.get()`: reading a store nobody watches would mount it.
    $options.set(kit.pendingState($options.value ?? kit.idleState()))
    return optionsRequest
  }

  const stored = storage.read(preferencesKey, preferences)
  const $choice = base.atom<OnrampChoice>({
    assetId: undefined,
    paymentCurrency: stored?.paymentCurrency ?? 'USD',
    paymentMethod: stored?.paymentMethod ?? 'card',
    amount: '',
    provider: stored?.provider,
  })
  const $form = base.computed(
    [$options, $choice, network.$activeNetwork],
    (state, choice, active) =>
      buildOnrampForm({ options: state.data, choice, caipNetworkId: active.id, restricted }),
  )

  /** Changes the choices; a payment currency, method or provider is remembered. */
  function choose(next: Partial<OnrampChoice>, remember = false) {
    const choice = { ...$choice.get(), ...next }
    $choice.set(choice)
    if (remember) {
      storage.write(preferencesKey, {
        paymentCurrency: choice.paymentCurrency,
        paymentMethod: choice.paymentMethod,
        provider: choice.provider,
      })
    }
  }

  return { $form, loadOptions, choose }
}
