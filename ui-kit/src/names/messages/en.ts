import type { MessageTable } from '../../kit/text.js'

/** Choosing and registering an account name, in English. */
export default {
  'view.RegisterAccountName.title': 'Choose a name',
  'view.RegisterAccountNameSuccess.title': 'Name registered',
  'names.action': 'Choose a name',
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
  'names.rule': 'A name needs at least 4 characters, using only letters, digits and hyphens',
} as const satisfies MessageTable
