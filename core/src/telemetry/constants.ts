/** At most this many error events leave the page per window (the spec's 5 per minute). */
export const TELEMETRY_EVENTS_PER_WINDOW = 5
