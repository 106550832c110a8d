import { registerViewTexts } from '../../kit/messages.js'
import type { MessageTable } from '../../kit/text.js'

/**
 * The texts only this feature's views show, in English. They load with the views' code (not with
 * the page) and register themselves, so the page's first load does not grow with the views.
 */
export default registerViewTexts({
  'names.label': 'Name',
  'names.register': 'Register name',
  'names.available': 'Available',
  'names.taken': 'Taken',
  'names.suggestions': 'Suggestions',
  'names.signing': 'Sign the message in your wallet…',
  'names.submitting': 'Registering…',
  'names.signatureDeclined': 'Signature declined',
  'names.success': '{name} is yours.',
  'names.done': 'Done',
} as const satisfies MessageTable)
