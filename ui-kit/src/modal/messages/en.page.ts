import type { MessageTable } from '../../kit/text.js'

/**
 * The English shown before the modal's code has arrived: the buttons that open it, the
 * notifications region, and the dialog's loading placeholder. The only English in the page's
 * first load; every other text comes with the dialog.
 */
export default {
  'modal.open': 'Connect wallet',
  'modal.viewFailed': 'This view could not be loaded.',
  'modal.retry': 'Try again',
  'toast.region': 'Notifications',
  'button.connect': 'Connect wallet',
  'button.account': 'Account',
  'button.network': 'Network',
  'button.unsupportedNetwork': 'Unsupported network',
} as const satisfies MessageTable
