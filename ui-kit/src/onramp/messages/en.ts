import type { MessageTable } from '../../kit/text.js'

/**
 * Buying crypto, in English: what the page may show before the views' code loads (titles, the
 * Account button, the toast). What core says by key (amount checks, why a purchase failed) is
 * only shown by the on-ramp's views, so it loads with them, in en.views.ts.
 */
export default {
  'view.OnRampBuy.title': 'Buy crypto',
  'view.OnRampProviders.title': 'Choose a provider',
  'view.OnRampActivity.title': 'Your purchase',
  'onramp.action': 'Buy',
  'onramp.purchased': 'Bought {amount} {symbol}',
} as const satisfies MessageTable
