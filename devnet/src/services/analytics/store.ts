/**
 * A body received on `POST /e`, as sent (the SDK's error telemetry): checked to have the spec's
 * fields (`parseAnalyticsEvent`), other keys kept.
 */
export type AnalyticsEvent = {
  eventId: string
  url: string
  domain: string
  /** Milliseconds since the epoch. */
  timestamp: number
  props: Record<string, unknown>
  [key: string]: unknown
}

export type AnalyticsStore = {
  add(event: AnalyticsEvent): void
  list(): AnalyticsEvent[]
  clear(): void
}

export function createAnalyticsStore(): AnalyticsStore {
  let events: AnalyticsEvent[] = []
  return {
    add: (event) => {
      events.push(event)
    },
    list: () => [...events],
    clear: () => {
      events = []
    },
  }
}
