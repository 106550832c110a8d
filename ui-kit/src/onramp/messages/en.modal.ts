import type { MessageTable } from '../../kit/text.js'

/**
 * English texts only the open modal shows (view titles, Account action labels, what the views
 * say when core refuses or fails). They load with the modal's first view, prefetched on idle,
 * hover or focus, so the page's first load keeps only what can show before the modal opens: the
 * buttons and the toasts (a toast that needs one of these waits for them).
 */
export default {
  'view.OnRampBuy.title': 'Buy crypto',
  'view.OnRampProviders.title': 'Choose a provider',
  'view.OnRampActivity.title': 'Your purchase',
  'onramp.action': 'Buy',
} as const satisfies MessageTable
