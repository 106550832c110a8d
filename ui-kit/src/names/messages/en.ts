import type { MessageTable } from '../../kit/text.js'

/**
 * Choosing and registering an account name, in English: what the page may show before the views' code
 * loads (titles, account action labels, what core and the toasts say). The views' own texts are in
 * en.views.ts.
 */
export default {
  'view.RegisterAccountName.title': 'Choose a name',
  'view.RegisterAccountNameSuccess.title': 'Name registered',
  'names.action': 'Choose a name',
  'names.rule': 'A name needs at least 4 characters, using only letters, digits and hyphens',
} as const satisfies MessageTable
