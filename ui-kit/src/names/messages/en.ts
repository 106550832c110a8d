import type { MessageTable } from '../../kit/text.js'

/**
 * Choosing and registering an account name: nothing shows before the modal opens. The open modal's
 * texts are in en.modal.ts, the views' own texts in en.views.ts.
 */
export default {} as const satisfies MessageTable
