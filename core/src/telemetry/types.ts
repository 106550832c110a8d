import type { WritableAtom } from 'nanostores'

import type { ChainNamespace } from '../caip/index.js'
import type { TelemetryEventName, TelemetryReport } from './event.js'

export type { TelemetryEvent } from './event.js'

/**
 * Where error telemetry is. `off`: the app turned analytics off (`features.analytics: false`),
 * has no project id, or this is not a browser: nothing is ever sent. `idle`: the analytics
 * configuration has not been read (nothing to report yet, or the user has not acted).
 * `checking`: it is being read. `on` / `disabled`: what the project's configuration said.
 */
export type TelemetryStatus = 'off' | 'idle' | 'checking' | 'on' | 'disabled'

/** When and where something happened: the shell notes it then, the half may come later. */
export type Moment = { at: number; namespace: ChainNamespace }

/**
 * Where the shell saw what may be an error: an alert, an error toast, a failed wallet
 * connection, a failed network switch. The half decides whether it is one to report.
 */
export type TelemetrySource = 'alert' | 'toast' | 'connection' | 'switch'

/**
 * What the shell saw: a report of another part of the SDK (an error, as it says), or what a
 * source showed (an alert code, a PorticoError code or a message key).
 */
export type Sighting = Moment &
  (
    | { source: 'report'; event: TelemetryEventName; code: string }
    | { source: TelemetrySource; code: string }
  )

/** An error to send, with the moment it happened. */
export type QueuedReport = TelemetryReport & Moment

/** What the shell hands its heavy half (`lazy.ts`). */
export type TelemetryShell = {
  $status: WritableAtom<TelemetryStatus>
  /** Whether the user has acted in the page: until then events are held, not sent. */
  hasActed(): boolean
  /** At most this many events leave the page per minute. */
  perWindow: number
}

/** The heavy half: which sightings are errors, their events, the rate limit and the sending. */
export type TelemetryHalf = {
  /** Takes what the shell saw, in the order it came. */
  take(sightings: readonly Sighting[]): void
  /** The user acted: what was held goes out. */
  flush(): void
}
