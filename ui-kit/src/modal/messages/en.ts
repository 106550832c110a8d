import type { MessageTable } from '../../kit/text.js'

/** The modal's frame, the notifications and the buttons that open the modal, in English. */
export default {
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.open': 'Connect wallet',
  'modal.unknownView': 'This view is not available.',
  'modal.viewFailed': 'This view could not be loaded.',
  'modal.retry': 'Try again',
  'toast.region': 'Notifications',
  'button.connect': 'Connect wallet',
  'button.account': 'Account',
  'button.network': 'Network',
  'button.unsupportedNetwork': 'Unsupported network',
} as const satisfies MessageTable
