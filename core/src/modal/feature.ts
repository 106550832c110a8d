import { defineFeature } from '../kernel/feature.js'
import { createModal, type ModalFeature } from './createModal.js'
import type { ViewName } from './types.js'

/** What other features may do with the modal: the rules they own plug in here. */
export type ModalInternal = ModalFeature & {
  /** A rule for the view `open()` starts on; the first rule that answers wins, else Connect. */
  addDefaultView(rule: () => ViewName | undefined): void
  /** A reason to keep the modal open (sign-in required); close() refuses while any says false. */
  addCloseGuard(canClose: () => boolean): void
  /** Runs when the modal closes, told whether a transaction step was waiting. */
  onClose(listener: (transactionPending: boolean) => void): () => void
  /** Whether `view` is on screen (open, on top of the stack). */
  isShowing(view: ViewName): boolean
  /** Runs when the modal opens or closes. */
  onOpenChange(listener: (open: boolean) => void): () => void
  /**
   * Runs on `prefetch(view)`: a feature fetches the code it will need to show `view` (and asks no
   * service: the user has not acted yet).
   */
  onPrefetch(listener: (view: ViewName) => void): () => void
}

/** The modal's view stack and its navigation rules. */
export const modalFeature = defineFeature({
  name: 'modal',
  create(context): { public: ModalFeature; internal: ModalInternal } {
    const defaultViews: (() => ViewName | undefined)[] = []
    const guards: (() => boolean)[] = []
    const closeListeners = new Set<(transactionPending: boolean) => void>()
    const prefetchListeners = new Set<(view: ViewName) => void>()
    const modal = createModal({
      defaultView: () => {
        for (const rule of defaultViews) {
          const view = rule()
          if (view) return view
        }
        return 'Connect'
      },
      canClose: () => guards.every((guard) => guard()),
      onClose: (transactionPending) => {
        for (const listener of [...closeListeners]) listener(transactionPending)
      },
      onPrefetch: (view) => {
        for (const listener of [...prefetchListeners]) listener(view)
      },
    })
    context.onDestroy(() => {
      closeListeners.clear()
      prefetchListeners.clear()
    })
    return {
      public: modal,
      internal: {
        ...modal,
        addDefaultView: (rule) => defaultViews.push(rule),
        addCloseGuard: (guard) => guards.push(guard),
        onClose(listener) {
          closeListeners.add(listener)
          return () => closeListeners.delete(listener)
        },
        onPrefetch(listener) {
          prefetchListeners.add(listener)
          return () => prefetchListeners.delete(listener)
        },
        isShowing: (view) => modal.$open.get() && modal.$view.get().view === view,
        onOpenChange: (listener) => modal.$open.listen(listener),
      },
    }
  },
})
