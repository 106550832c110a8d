import type { MessageTable } from '../../kit/text.js'

/**
 * Buying crypto, in English: what the page may show before the views' code loads (titles, the
 * Account button, the toast) and what core says by key (amount checks, why a purchase failed).
 * The views' own texts are in en.views.ts.
 */
export default {
  'view.OnRampBuy.title': 'Buy crypto',
  'view.OnRampProviders.title': 'Choose a provider',
  'view.OnRampActivity.title': 'Your purchase',
  'onramp.action': 'Buy',
  'onramp.purchased': 'Bought {amount} {symbol}',
  'onramp.amountNotNumber': 'Enter the amount as a number, like 50',
  'onramp.amountNotPositive': 'Enter an amount above zero',
  'onramp.tooManyDecimals': 'Use at most {decimals} decimals',
  'onramp.amountBelowMin': 'The minimum is {min} {currency}',
  'onramp.amountAboveMax': 'The maximum is {max} {currency}',
  'onramp.amountRequired': 'Enter the amount to pay',
  'onramp.noAsset': 'Nothing can be bought on this network',
  'onramp.noPaymentMethod': 'Choose a payment method',
  'onramp.noProvider': 'No provider sells crypto in your region',
  'onramp.loadFailed': 'Buying crypto could not be loaded. Try again.',
  'onramp.popupBlocked': 'Your browser blocked the provider window. Allow pop-ups and try again.',
  'onramp.openFailed': 'The provider could not be reached. Try again.',
  'onramp.windowClosed': 'The provider window was closed before the purchase.',
  'onramp.timeout':
    'The purchase is still processing. It will show in your purchases once the provider confirms it.',
  'onramp.cardDeclined': 'The card was declined.',
  'onramp.providerFailed': 'The provider could not complete the purchase.',
  'onramp.deliveryFailed': 'The payment went through but the tokens could not be delivered.',
  'onramp.purchaseFailed': 'The purchase failed.',
} as const satisfies MessageTable
