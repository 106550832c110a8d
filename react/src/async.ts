import type { AsyncState, AsyncStatus, PorticoError } from '@portico/core'
import { useCallback, useRef, useState } from 'react'

/** A query hook's result: the async state and a way to ask again. */
export type QueryResult<T> = AsyncState<T> & {
  /** Asks again, skipping caches. */
  refetch(): Promise<unknown>
}

/** The async shape of a store that keeps only where it is (and maybe why it failed). */
export const asyncState = <T>(
  status: AsyncStatus,
  data?: T,
  error?: PorticoError,
): AsyncState<T> => ({ status, data, error, isPending: status === 'pending' })

const IDLE = asyncState<never>('idle')

/**
 * The async shape of calls no store follows, kept by the component: the last call's state (a call
 * superseded by a newer one or a reset no longer writes it), `run(task)`, and back to idle.
 */
export function useAsyncCall<R>(): [
  AsyncState<R>,
  (task: () => Promise<R>) => Promise<R>,
  () => void,
] {
  const [state, setState] = useState<AsyncState<R>>(IDLE)
  const last = useRef(0)
  const run = useCallback((task: () => Promise<R>) => {
    const mine = ++last.current
    const set = (next: (previous: AsyncState<R>) => AsyncState<R>) => {
      if (mine === last.current) setState(next)
    }
    set((previous) => asyncState('pending', previous.data))
    return task().then(
      (data) => {
        set(() => asyncState('success', data))
        return data
      },
      (error: PorticoError) => {
        set((previous) => asyncState('error', previous.data, error))
        throw error
      },
    )
  }, [])
  const reset = useCallback(() => {
    last.current++
    setState(IDLE)
  }, [])
  return [state, run, reset]
}
