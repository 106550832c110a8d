import type { MessageTable } from '../../kit/text.js'

/**
 * Swapping, in English: what the page may show before the views' code loads (titles, the account
 * action label) and the toasts core shows after a swap. The views' own texts, and the checks of
 * the form they show, are in en.views.ts.
 */
export default {
  'view.Swap.title': 'Swap',
  'view.SwapSelectToken.title': 'Select token',
  'view.SwapPreview.title': 'Review swap',
  'swap.action': 'Swap',
  'swap.swapped': 'Swapped {amount} {source} for {target}',
  'swap.approved': '{symbol} approved for the swap',
  'swap.declined': 'The wallet declined the transaction',
  'swap.priceMoved':
    'The price moved more than your {slippage} % slippage tolerance. Review the swap again',
  'swap.expired': 'The swap waited too long and expired. Review it again',
  'swap.reverted': 'The swap failed: {reason}',
} as const satisfies MessageTable
