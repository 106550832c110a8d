import { PorticoError } from '../errors/index.js'

export type DeadlineOptions = {
  /** How long to wait; undefined waits as long as `promise` takes. */
  timeoutMs?: number
  /** The error to reject with when the time is up. */
  onTimeout?: () => Error
  /** Stops waiting when it aborts; the rejection is the signal's reason. */
  signal?: AbortSignal
}

/**
 * Waits for `promise`, but no longer than `timeoutMs` and no longer than `signal` allows. The
 * work behind the promise goes on (a wallet cannot be told to close its prompt); only the waiting
 * stops, so a late answer is simply not heard. The timer and the abort listener are removed
 * however the race ends, so nothing outlives it.
 */
export function withDeadline<T>(
  promise: Promise<T>,
  { timeoutMs, onTimeout, signal }: DeadlineOptions = {},
): Promise<T> {
  if (timeoutMs === undefined && !signal) return promise
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    const onAbort = () => {
      stop()
      reject(abortReason(signal))
    }
    if (signal?.aborted) {
      onAbort()
      return
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        stop()
        reject(onTimeout?.() ?? new PorticoError('TIMEOUT', `Gave up after ${timeoutMs} ms`))
      }, timeoutMs)
    }
    promise.then(
      (value) => {
        stop()
        resolve(value)
      },
      (error: unknown) => {
        stop()
        reject(error)
      },
    )
  })
}

function abortReason(signal: AbortSignal | undefined): unknown {
  const reason = signal?.reason
  return reason instanceof Error ? reason : new PorticoError('ABORTED', 'The wait was cancelled')
}
