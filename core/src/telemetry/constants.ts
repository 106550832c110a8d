/** At most this many error events leave the page per window (the spec's 5 per minute). */
export const TELEMETRY_EVENTS_PER_WINDOW = 5
/** The rate limit's window: one minute. */
export const TELEMETRY_WINDOW_MS = 60_000
/** The pulse API's error event route. */
export const TELEMETRY_EVENT_PATH = 'e'
