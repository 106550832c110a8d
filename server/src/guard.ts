import { SiwxError } from './headers.js'
import type { SiwxStore } from './store.js'

/**
 * The store's calls with a deadline: a store that fails or hangs is a 503, never a sign-in. A
 * call that answers after its deadline (a Redis that froze, then went on) may still have taken
 * a nonce; `late` undoes that, so the user's signed message is not burnt by a 503.
 */
export function guarded(store: SiwxStore, timeoutMs: number, nonceMemoryMs: number): SiwxStore {
  const unavailable = () => new SiwxError(503, 'session store unavailable, try again shortly')
  const wrap =
    <A extends unknown[], R>(
      call: (...args: A) => Promise<R>,
      late?: (value: R, ...args: A) => void,
    ) =>
    (...args: A): Promise<R> =>
      new Promise<R>((resolve, reject) => {
        let expired = false
        const timer = setTimeout(() => {
          expired = true
          reject(unavailable())
        }, timeoutMs)
        call(...args).then(
          (value) => {
            clearTimeout(timer)
            if (expired) late?.(value, ...args)
            else resolve(value)
          },
          () => {
            clearTimeout(timer)
            reject(unavailable())
          },
        )
      })
  return {
    addNonce: wrap(store.addNonce.bind(store)),
    takeNonce: wrap(store.takeNonce.bind(store), (taken, nonce) => {
      if (!taken.ok) return
      // Best effort: if the store fails again, the nonce stays taken (refused, never accepted twice).
      store.returnNonce(nonce, taken.expiresAt, taken.expiresAt + nonceMemoryMs).catch(() => {})
    }),
    returnNonce: wrap(store.returnNonce.bind(store)),
    revoke: wrap(store.revoke.bind(store)),
    isRevoked: wrap(store.isRevoked.bind(store)),
  }
}
