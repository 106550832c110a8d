import type { LazyContext } from '../kernel/feature.js'
import { createAsyncAction } from '../kit.js'
import { createTransactionSteps } from '../lazyKit.js'
import { createSendForm } from './form.js'
import { createTransfer } from './transfer.js'
import type { SendHalf, SendShell } from './types.js'

/**
 * The send's heavy half, loaded the first time the form is shown or edited: the form's checks
 * and name lookups, then the preview and the send. Built once per client; it writes the shell's
 * stores.
 */
export function createLazy(context: LazyContext, shell: SendShell): SendHalf {
  const { stores } = shell
  const form = createSendForm(context, shell)
  const transfer = createTransfer(shell, form)
  const preview = createAsyncAction(transfer.preview, stores.$preview)
  const sending = createAsyncAction(transfer.send, stores.$send)
  const step = createTransactionSteps(shell.modal)
  // A preview is for one account on one chain: when the wallet moves, it is dropped.
  context.onDestroy(
    context.events.on(shell.connectionEvent, (event) => {
      if (
        event.type !== 'connected' &&
        event.type !== 'reconnected' &&
        stores.$state.get().prepared
      ) {
        form.patch({ prepared: undefined })
        preview.reset()
      }
    }),
  )
  return {
    preview: preview.run,
    send: sending.run,
    // Success resets the modal to Account; a refusal or a failure goes back to the form.
    confirm: () => step(sending.run, { view: 'Account' }),
    reset() {
      preview.reset()
      sending.reset()
    },
  }
}
