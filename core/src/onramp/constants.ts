/** The storage key of the user's last payment currency, method and provider. */
export const ONRAMP_PREFERENCES_KEY = 'onramp_preferences'
/** What the user reads when the on-ramp's code could not be downloaded (offline, a new deploy). */
export const ONRAMP_LOAD_FAILED = { key: 'onramp.loadFailed' } as const
