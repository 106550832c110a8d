import type { PorticoErrorCode } from '../errors/index.js'
import type { LazyContext } from '../kernel/feature.js'
import { createDelivery } from './delivery.js'
import type { TelemetryEventName } from './event.js'
import type { TelemetryHalf, TelemetryShell, TelemetrySource } from './types.js'

/** A user's own decision is not an error of the app or its services. */
const USER_DECISIONS: readonly string[] = [
  'USER_REJECTED',
  'ABORTED',
  'REQUEST_ABORTED',
] satisfies PorticoErrorCode[]
// A failed switch to one of these is already reported: its toast or its alert.
const SHOWN_ELSEWHERE: readonly string[] = [
  'UNSUPPORTED_CHAIN',
  'NETWORK_NOT_FOUND',
] satisfies PorticoErrorCode[]
/** Toast keys of a user's refusal ('send.declined'), by the messages' naming rule. */
const isDeclineKey = (key: string) =>
  key.endsWith('.declined') || USER_DECISIONS.some((code) => key === `error.${code}`)

/** Whether what a source showed is an error to report, and as which event. */
const RULES: Record<TelemetrySource, { event: TelemetryEventName; counts(code: string): boolean }> =
  {
    alert: { event: 'ALERT', counts: () => true },
    toast: { event: 'ERROR_SHOWN', counts: (key) => !isDeclineKey(key) },
    connection: { event: 'WALLET_ERROR', counts: (code) => !USER_DECISIONS.includes(code) },
    switch: {
      event: 'WALLET_ERROR',
      counts: (code) => !USER_DECISIONS.includes(code) && !SHOWN_ELSEWHERE.includes(code),
    },
  }

/**
 * Error telemetry's heavy half, built with the first thing the shell saw that may be an error:
 * what counts as one (refusals by the user do not), then the delivery. A page where nothing went
 * wrong never downloads it.
 */
export function createLazy(context: LazyContext, shell: TelemetryShell): TelemetryHalf {
  const delivery = createDelivery(context, shell)
  return {
    take(sightings) {
      for (const sighting of sightings) {
        if (sighting.source === 'report') delivery.take(sighting)
        else {
          const rule = RULES[sighting.source]
          if (rule.counts(sighting.code)) delivery.take({ ...sighting, event: rule.event })
        }
      }
    },
    flush: delivery.flush,
  }
}
