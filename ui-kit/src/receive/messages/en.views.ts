import { registerViewTexts } from '../../kit/messages.js'
import type { MessageTable } from '../../kit/text.js'

/**
 * The texts only this feature's views show, in English. They load with the views' code (not with
 * the page) and register themselves, so the page's first load does not grow with the views.
 */
export default registerViewTexts({
  'receive.copy': 'Copy address',
  'receive.qrLabel': 'QR code of your address',
  'receive.networks': 'You can receive on',
  'receive.warning': 'Only send tokens of these networks to this address.',
} as const satisfies MessageTable)
