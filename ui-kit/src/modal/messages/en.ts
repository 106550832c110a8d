import type { MessageTable } from '../../kit/text.js'

/** The open modal's frame, in English (the buttons' texts are in en.page.ts). */
export default {
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.unknownView': 'This view is not available.',
} as const satisfies MessageTable
