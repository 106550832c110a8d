import type { MessageTable } from '../../kit/text.js'

/**
 * Swapping, in English: what the page may show before the modal opens (the toasts). The open
 * modal's texts (titles, the Account action, the checks) are in en.modal.ts, the views' own texts
 * in en.views.ts.
 */
export default {
  'swap.swapped': 'Swapped {amount} {source} for {target}',
  'swap.approved': '{symbol} approved for the swap',
  'swap.declined': 'The wallet declined the transaction',
  'swap.priceMoved':
    'The price moved more than your {slippage} % slippage tolerance. Review the swap again',
  'swap.expired': 'The swap waited too long and expired. Review it again',
  'swap.reverted': 'The swap failed: {reason}',
} as const satisfies MessageTable
