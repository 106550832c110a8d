import type { ChainNamespace } from '../caip/index.js'
import type { PorticoError } from '../errors/index.js'

/** A connect or a reconnect of one namespace. */
export type Attempt = {
  readonly namespace: ChainNamespace
  readonly kind: 'connect' | 'reconnect'
  /** Aborts (with the reason) when a later attempt starts in the namespace or disconnect cancels. */
  readonly signal: AbortSignal
  /** Whether this is still the namespace's latest attempt: only then may it write state. */
  isCurrent(): boolean
}

/**
 * The latest attempt per namespace. Starting one supersedes the one before (its signal aborts, so
 * whoever waits on it stops waiting); disconnect cancels the namespace's attempt. A wallet that
 * answers a superseded or cancelled attempt later is not heard: only the latest attempt writes
 * the status, the error and storage.
 */
export function createAttempts(replaced: () => PorticoError) {
  const current = new Map<ChainNamespace, { attempt: Attempt; controller: AbortController }>()
  return {
    begin(namespace: ChainNamespace, kind: Attempt['kind']): Attempt {
      current.get(namespace)?.controller.abort(replaced())
      const controller = new AbortController()
      const attempt: Attempt = {
        namespace,
        kind,
        signal: controller.signal,
        isCurrent: () => current.get(namespace)?.attempt === attempt,
      }
      current.set(namespace, { attempt, controller })
      return attempt
    },
    /** The attempt in progress in the namespace, if any. */
    get(namespace: ChainNamespace): Attempt | undefined {
      return current.get(namespace)?.attempt
    },
    /** The attempt is over (connected or failed); it no longer blocks or joins anything. */
    end(attempt: Attempt) {
      if (current.get(attempt.namespace)?.attempt === attempt) current.delete(attempt.namespace)
    },
    /** Stops the namespace's attempt: nothing it learns later is written. */
    cancel(namespace: ChainNamespace, reason: PorticoError) {
      current.get(namespace)?.controller.abort(reason)
      current.delete(namespace)
    },
    namespaces(): ChainNamespace[] {
      return [...current.keys()]
    },
  }
}
