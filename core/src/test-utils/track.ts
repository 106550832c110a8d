import type { PorticoError } from '../errors/index.js'

/**
 * Settles a promise into a value the test can look at without awaiting it first (a request still
 * waiting is `settled: false`). Typed as the SDK rejects: with a PorticoError.
 */
export function track<T>(promise: Promise<T>) {
  const result: { value?: T; error?: PorticoError; settled: boolean } = { settled: false }
  promise.then(
    (value) => Object.assign(result, { value, settled: true }),
    (error: PorticoError) => Object.assign(result, { error, settled: true }),
  )
  return result
}
