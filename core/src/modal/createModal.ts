import { atom, computed, type ReadableAtom } from 'nanostores'
import type { TransactionOutcome, TransactionStep, ViewData, ViewEntry, ViewName } from './types.js'

export type ModalDependencies = {
  /** The view `open()` starts on when none is given (Connect, or Account once connected). */
  defaultView(): ViewName
  /** False while the modal must stay open (sign-in required and no session yet). */
  canClose(): boolean
  /** Called when the modal closes; `transactionPending` tells whether a step was waiting. */
  onClose(transactionPending: boolean): void
  /** Called by `prefetch` with the view the modal would start on. */
  onPrefetch(view: ViewName): void
}

/** Where `open` starts: a view and its data (Connect, or Account once connected, by default). */
export type OpenModalParameters = { view?: ViewName; data?: ViewData }

/** The modal's view stack and its navigation (`client.modal`). */
export type ModalFeature = {
  $open: ReadableAtom<boolean>
  /** The stack of views, oldest first; the last is on screen. */
  $stack: ReadableAtom<readonly ViewEntry[]>
  $view: ReadableAtom<ViewEntry>
  $transactionStack: ReadableAtom<readonly TransactionStep[]>
  open(parameters?: OpenModalParameters): void
  /** Closes unless sign-in is required and missing. Returns whether the modal closed. */
  close(): boolean
  push(view: ViewName, data?: ViewData): void
  /** Swaps the view on screen for another without growing the stack. */
  replace(view: ViewName, data?: ViewData): void
  /** Pops the stack; closes the modal when one view is left or UnsupportedChain is in the stack. */
  back(): void
  /** Starts over from one view. */
  reset(view: ViewName, data?: ViewData): void
  /** Goes back to the view at `index`, dropping those above it. */
  goBackToIndex(index: number): void
  /** The view `open()` starts on now (Connect, or Account once connected, or a feature's rule). */
  defaultView(): ViewName
  /**
   * Fetches the code that the modal's first view (or `view`) needs, without asking any service:
   * call it when the user shows the intent to open the modal (pointer over or focus on the
   * button) or when the page is idle, so that the click itself waits for no download. Code loads
   * once, so calling it often costs nothing; a failed fetch is tried again on next use. For the
   * Connect view it also asks the wallets in the page to announce themselves (EIP-6963, an in-page
   * event), so that the click finds them listed.
   */
  prefetch(view?: ViewName): void
  /**
   * Leaves `view` the way a finished choice does: back to the view before it, or closes the modal
   * when it was the first view (after a network switch made from Networks, for instance).
   */
  backFrom(view: ViewName): void
  pushTransactionStep(step: TransactionStep): void
  /** Finishes the newest transaction step and navigates as the step asked. */
  popTransactionStep(outcome: TransactionOutcome): void
  /**
   * Runs `listener` whenever `view` leaves the screen: another view is pushed over it, it is popped,
   * replaced or reset away, or the modal closes on it.
   */
  onLeave(view: ViewName, listener: (entry: ViewEntry) => void): () => void
}

export function createModal(dependencies: ModalDependencies): ModalFeature {
  const $open = atom(false)
  const $stack = atom<readonly ViewEntry[]>([{ view: 'Connect' }])
  const $transactionStack = atom<readonly TransactionStep[]>([])
  const $view = computed(
    $stack,
    (stack): ViewEntry => stack[stack.length - 1] ?? { view: 'Connect' },
  )
  const leaveListeners = new Map<ViewName, Set<(entry: ViewEntry) => void>>()

  // The entry on screen: the top of the stack while the modal is open. A view "leaves" when it
  // stops being that entry, whichever action caused it.
  let shown: ViewEntry | undefined

  function sync() {
    const now = $open.get() ? $view.get() : undefined
    const left = shown
    shown = now
    if (left && left !== now) {
      for (const listener of leaveListeners.get(left.view) ?? []) listener(left)
    }
  }

  function setStack(next: readonly ViewEntry[]) {
    $stack.set(next)
    sync()
  }

  function close(): boolean {
    if (!$open.get()) return true
    if (!dependencies.canClose()) return false
    dependencies.onClose($transactionStack.get().length > 0)
    $open.set(false)
    sync()
    return true
  }

  function closeAndClearHistory() {
    if (close()) {
      $stack.set([{ view: dependencies.defaultView() }])
      $transactionStack.set([])
    }
  }

  function back() {
    const stack = $stack.get()
    if (stack.length <= 1 || stack.some((entry) => entry.view === 'UnsupportedChain')) {
      close()
      return
    }
    setStack(stack.slice(0, -1))
  }

  function goBackToIndex(index: number) {
    const stack = $stack.get()
    if (index < 0 || index >= stack.length) return
    setStack(stack.slice(0, index + 1))
  }

  function backFrom(view: ViewName) {
    const index = $stack.get().findIndex((entry) => entry.view === view)
    if (index >= 1) goBackToIndex(index - 1)
    else close()
  }

  return {
    $open,
    $stack,
    $view,
    $transactionStack,
    open(parameters = {}) {
      $stack.set([{ view: parameters.view ?? dependencies.defaultView(), data: parameters.data }])
      $transactionStack.set([])
      $open.set(true)
      sync()
    },
    close,
    push(view, data) {
      setStack([...$stack.get(), { view, data }])
    },
    replace(view, data) {
      setStack([...$stack.get().slice(0, -1), { view, data }])
    },
    back,
    reset(view, data) {
      setStack([{ view, data }])
    },
    goBackToIndex,
    defaultView: dependencies.defaultView,
    prefetch(view) {
      dependencies.onPrefetch(view ?? dependencies.defaultView())
    },
    backFrom,
    pushTransactionStep(step) {
      $transactionStack.set([...$transactionStack.get(), step])
    },
    popTransactionStep(outcome) {
      const steps = $transactionStack.get()
      const step = steps[steps.length - 1]
      if (!step) return
      $transactionStack.set(steps.slice(0, -1))
      if (outcome === 'cancel') {
        step.onCancel?.()
        back()
        return
      }
      if (outcome === 'error') {
        step.onError?.()
        back()
        return
      }
      step.onSuccess?.()
      if (step.goBack) {
        back()
      } else if (step.replace) {
        const siweIndex = $stack.get().findIndex((entry) => entry.view === 'ConnectingSiwe')
        if (siweIndex > 0) goBackToIndex(siweIndex - 1)
        else closeAndClearHistory()
      } else if (step.view) {
        setStack([{ view: step.view }])
      }
    },
    onLeave(view, listener) {
      let listeners = leaveListeners.get(view)
      if (!listeners) {
        listeners = new Set()
        leaveListeners.set(view, listeners)
      }
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
