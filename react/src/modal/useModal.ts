import { useStore } from '@nanostores/react'
import type { ModalFeature, TransactionStep, ViewData, ViewEntry, ViewName } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useModal` returns. */
export type UseModalReturnType = {
  isOpen: boolean
  /** The view on screen. */
  view: ViewName
  /** Data the view was opened with. */
  data: ViewData | undefined
  /** The stack of views, oldest first. */
  history: readonly ViewEntry[]
  open: ModalFeature['open']
  close: ModalFeature['close']
  back: ModalFeature['back']
  push: ModalFeature['push']
  replace: ModalFeature['replace']
  reset: ModalFeature['reset']
  /** Leaves a view the way a finished choice does: back, or closes when it was the first view. */
  backFrom: ModalFeature['backFrom']
  /** The transaction steps under way (a send, a swap, a registration), oldest first. */
  transactionSteps: readonly TransactionStep[]
  /** Starts a transaction step: where the modal goes when it succeeds, fails or is cancelled. */
  pushTransactionStep: ModalFeature['pushTransactionStep']
  /** Finishes the newest transaction step and navigates as the step asked. */
  popTransactionStep: ModalFeature['popTransactionStep']
  /**
   * Fetches the code the first view (or a given one) needs, asking no service: call it when the
   * pointer is over your own open button or it has focus, so the click downloads nothing first.
   */
  prefetch: ModalFeature['prefetch']
}

/** The modal's state and its navigation actions. */
export function useModal(): UseModalReturnType {
  const { modal } = usePortico()
  const isOpen = useStore(modal.$open)
  const history = useStore(modal.$stack)
  const entry = useStore(modal.$view)
  const transactionSteps = useStore(modal.$transactionStack)
  return useMemo(
    () => ({
      isOpen,
      view: entry.view,
      data: entry.data,
      history,
      open: modal.open,
      close: modal.close,
      back: modal.back,
      push: modal.push,
      replace: modal.replace,
      reset: modal.reset,
      prefetch: modal.prefetch,
      backFrom: modal.backFrom,
      transactionSteps,
      pushTransactionStep: modal.pushTransactionStep,
      popTransactionStep: modal.popTransactionStep,
    }),
    [isOpen, entry, history, transactionSteps, modal],
  )
}
