import { atom, type ReadableAtom, type WritableAtom } from 'nanostores'
import { isPorticoError, PorticoError } from '../errors/index.js'

/** Where a query or a mutation is: not started, waiting, done, or failed. */
export type AsyncStatus = 'idle' | 'pending' | 'success' | 'error'

/**
 * The one shape of every query and mutation: what the last run gave, or why it failed. `data` is
 * kept while a new run is pending, so a list does not blink empty on refresh.
 */
export type AsyncState<T> = {
  status: AsyncStatus
  data: T | undefined
  error: PorticoError | undefined
  isPending: boolean
}

export function idleState<T>(data?: T): AsyncState<T> {
  return { status: 'idle', data, error: undefined, isPending: false }
}

export function pendingState<T>(previous: AsyncState<T>): AsyncState<T> {
  return { status: 'pending', data: previous.data, error: undefined, isPending: true }
}

export function successState<T>(data: T): AsyncState<T> {
  return { status: 'success', data, error: undefined, isPending: false }
}

export function errorState<T>(previous: AsyncState<T>, error: PorticoError): AsyncState<T> {
  return { status: 'error', data: previous.data, error, isPending: false }
}

/** Anything thrown, as a PorticoError (the original kept as the cause). */
export function toPorticoError(error: unknown): PorticoError {
  if (isPorticoError(error)) return error
  return new PorticoError('UNKNOWN_ERROR', 'Unexpected error', { cause: error })
}

export type AsyncAction<A extends unknown[], R> = {
  $state: ReadableAtom<AsyncState<R>>
  /**
   * Runs the action. While a run is pending, another call joins it instead of starting a second
   * one: one user intent, one wallet prompt, even for a double click.
   */
  run(...args: A): Promise<R>
  /** Back to idle (a pending run still finishes, but no longer writes the state). */
  reset(): void
}

/**
 * A mutation with the async shape and single flight. Its state is a new store, or `$state` when
 * given: a feature that loads its code on first use makes its stores first and its actions later.
 */
export function createAsyncAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  $state: WritableAtom<AsyncState<R>> = atom<AsyncState<R>>(idleState()),
): AsyncAction<A, R> {
  let current: Promise<R> | undefined
  let generation = 0
  return {
    $state,
    run(...args) {
      if (current) return current
      const mine = ++generation
      $state.set(pendingState($state.get()))
      const promise: Promise<R> = action(...args).then(
        (result) => {
          if (mine === generation) $state.set(successState(result))
          return result
        },
        (cause: unknown) => {
          const error = toPorticoError(cause)
          if (mine === generation) $state.set(errorState($state.get(), error))
          throw error
        },
      )
      const settled = () => {
        if (current === promise) current = undefined
      }
      promise.then(settled, settled)
      current = promise
      return promise
    },
    reset() {
      generation++
      current = undefined
      $state.set(idleState())
    },
  }
}
