import type { ModalFeature } from './createModal.js'
import type { TransactionStep } from './types.js'

/**
 * Runs transactions as steps of the modal (a preview's Send, Approve or Swap): the step is pushed
 * in the caller's turn, then popped as a success or an error, and the modal navigates as the step
 * asks. One step at a time: a call while one is under way joins it (a double click is one step
 * and one wallet prompt). The step's promise rejects with the transaction's error.
 */
export function createTransactionSteps(modal: ModalFeature) {
  let underWay: Promise<never> | undefined
  return <T>(run: () => Promise<T>, step: TransactionStep): Promise<T> => {
    if (underWay) return underWay
    modal.pushTransactionStep(step)
    const done = (outcome: 'success' | 'error') => {
      underWay = undefined
      modal.popTransactionStep(outcome)
    }
    const pending = run().then(
      (value) => {
        done('success')
        return value
      },
      (error: unknown) => {
        done('error')
        throw error
      },
    )
    underWay = pending as Promise<never>
    return pending
  }
}
