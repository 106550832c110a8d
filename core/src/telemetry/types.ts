import type { WritableAtom } from 'nanostores'

import type { ChainNamespace } from '../caip/index.js'
import type { TelemetryReport } from './event.js'

export type { TelemetryEvent } from './event.js'

/**
 * Where error telemetry is. `off`: the app turned analytics off (`features.analytics: false`),
 * has no project id, or this is not a browser: nothing is ever sent. `idle`: the analytics
 * configuration has not been read (nothing to report yet, or the user has not acted).
 * `checking`: it is being read. `on` / `disabled`: what the project's configuration said.
 */
export type TelemetryStatus = 'off' | 'idle' | 'checking' | 'on' | 'disabled'

/** What the delivery (loaded with the first event to send) gets from the feature's shell. */
export type TelemetryDeps = {
  $status: WritableAtom<TelemetryStatus>
  isDestroyed(): boolean
  /** Whether the user has acted in the page: until then events are held, not sent. */
  hasActed(): boolean
  /** The pulse API's error event route. */
  eventPath: string
}

/** A report as the shell queued it: when it came and on which namespace the user was. */
export type QueuedReport = TelemetryReport & { at: number; namespace: ChainNamespace }
