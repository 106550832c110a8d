import type { ModalFeature } from './createModal.js'

/**
 * After a network switch made from the Networks view: back to the view before Networks, or close
 * when Networks was the first view.
 */
export function navigateAfterNetworkSwitch(modal: ModalFeature) {
  const index = modal.$stack.get().findIndex((entry) => entry.view === 'Networks')
  if (index >= 1) modal.goBackToIndex(index - 1)
  else modal.close()
}
