import type { MessageTable } from '../../kit/text.js'

/**
 * Choosing a wallet and waiting for a browser wallet: nothing shows before the modal opens. The
 * open modal's texts are in en.modal.ts, the views' own texts in en.views.ts.
 */
export default {} as const satisfies MessageTable
