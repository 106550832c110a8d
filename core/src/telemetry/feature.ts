import { atom, type ReadableAtom } from 'nanostores'
import { alertsFeature } from '../alerts/index.js'
import { connectionFeature } from '../connection/index.js'
import type { PorticoErrorCode } from '../errors/index.js'
import { defineFeature } from '../kernel/feature.js'
import { lazyModule } from '../kernel/lazy.js'
import { modalFeature } from '../modal/feature.js'
import { networkFeature } from '../network/feature.js'
import { toastFeature } from '../toast/feature.js'
import {
  TELEMETRY_EVENT_PATH,
  TELEMETRY_EVENTS_PER_WINDOW,
  TELEMETRY_WINDOW_MS,
} from './constants.js'
import { createEventId, type TelemetryEvent, type TelemetryReport, telemetryCode } from './event.js'
import { createRateLimiter } from './rateLimit.js'
import type { TelemetryStatus } from './types.js'

/** Reading the analytics configuration and sending: fetched with the first event to send. */
const deliveryCode = lazyModule('telemetry', () => import('./delivery.js'))

/** Error telemetry (`client.telemetry`). */
export type TelemetryFeature = {
  $status: ReadableAtom<TelemetryStatus>
}

export type TelemetryInternal = TelemetryFeature & {
  /** Reports an error (dropped when telemetry is off or 5 went out in the last minute). */
  report(report: TelemetryReport): void
}

/** A user's own decision is not an error of the app or its services. */
const USER_DECISIONS: readonly PorticoErrorCode[] = ['USER_REJECTED', 'ABORTED', 'REQUEST_ABORTED']
// A failed switch to one of these is already reported: its toast or its alert.
const SHOWN_ELSEWHERE: readonly PorticoErrorCode[] = ['UNSUPPORTED_CHAIN', 'NETWORK_NOT_FOUND']
/** Toast keys of a user's refusal ('send.declined'), by the messages' naming rule. */
const isDeclineKey = (key: string) =>
  key.endsWith('.declined') || USER_DECISIONS.some((code) => key === `error.${code}`)

/**
 * The spec's error telemetry: `POST /e` on the pulse API (`apiUrls.pulse`) with projectId, st and
 * sv in the query and `{ eventId, url, domain, timestamp, props }` as the body, at most 5 a
 * minute, only while `features.analytics` is on and the project's analytics configuration
 * (`GET /getAnalyticsConfig` on the toolkit API) says so.
 *
 * Nothing goes out before the user acts: the configuration is read for the first error to send
 * after the user has clicked or typed in the page, opened the modal or asked for a wallet; an
 * error before that (a stored session that fails at load) waits for that moment.
 *
 * What is reported, by watching the stores of the features that own them: every alert, every
 * error a toast shows the user (failed balances or history, a failed send, a chain the wallet
 * cannot add), and every failed wallet connection or network switch. Refusals by the user are not
 * errors and are not reported.
 */
export const telemetryFeature = defineFeature({
  name: 'telemetry',
  needs: [modalFeature, alertsFeature, toastFeature, connectionFeature, networkFeature],
  create(context): { public: TelemetryFeature; internal: TelemetryInternal } {
    const { options, logger, clock } = context
    const page = context.isBrowser ? globalThis.location : undefined
    const on = options.features.analytics && options.projectId !== '' && page !== undefined
    const $status = atom<TelemetryStatus>(on ? 'idle' : 'off')
    const feature: TelemetryFeature = { $status }
    if (!on || !page) {
      return { public: feature, internal: { ...feature, report: () => {} } }
    }

    const network = context.use(networkFeature)
    const limiter = createRateLimiter({
      limit: TELEMETRY_EVENTS_PER_WINDOW,
      windowMs: TELEMETRY_WINDOW_MS,
    })
    const held: TelemetryEvent[] = []
    let acted = false
    let destroyed = false
    const delivery = deliveryCode.instance((code) =>
      code.createTelemetryDelivery(context, {
        $status,
        isDestroyed: () => destroyed,
        eventPath: TELEMETRY_EVENT_PATH,
      }),
    )
    const deliver = (event: TelemetryEvent) =>
      delivery
        .use((part) => part.deliver(event))
        // Telemetry never reports its own failures: without its code, the event is dropped.
        .catch((error: unknown) => logger.debug('could not send error telemetry', error))

    function report({ event, code }: TelemetryReport) {
      const status = $status.get()
      if (destroyed || status === 'off' || status === 'disabled') return
      const now = clock.now()
      if (!limiter.take(now)) {
        logger.debug(`error telemetry: more than 5 a minute, ${event} ${code} dropped`)
        return
      }
      const body: TelemetryEvent = {
        eventId: createEventId((bytes) => {
          crypto.getRandomValues(bytes)
        }),
        url: page?.origin ?? '',
        domain: page?.hostname ?? '',
        timestamp: now,
        props: {
          type: 'error',
          event,
          code: telemetryCode(code),
          namespace: network.$activeNamespace.get(),
        },
      }
      if (acted) void deliver(body)
      // The limiter let at most 5 through this minute: that bounds what waits too.
      else if (held.length < TELEMETRY_EVENTS_PER_WINDOW) held.push(body)
    }

    const stops: (() => void)[] = []
    function userActed() {
      if (acted) return
      acted = true
      for (const stop of stops.splice(0)) stop()
      for (const event of held.splice(0)) void deliver(event)
    }

    // The user acts: a click or a key in the page (a headless app's own buttons), the modal
    // opening, a wallet asked for. A page opened by a click already had one.
    const modal = context.use(modalFeature)
    const connection = context.use(connectionFeature)
    const activation = (globalThis.navigator as { userActivation?: { hasBeenActive: boolean } })
      ?.userActivation
    if (activation?.hasBeenActive) acted = true
    else {
      const listen = { capture: true, passive: true } as const
      for (const type of ['pointerdown', 'keydown'] as const) {
        window.addEventListener(type, userActed, listen)
        stops.push(() => window.removeEventListener(type, userActed, listen))
      }
      stops.push(modal.onOpenChange((open) => open && userActed()))
      stops.push(connection.$connectingId.listen((id) => id !== undefined && userActed()))
    }

    // What to report, from the stores of the features that own it.
    const alerts = context.use(alertsFeature)
    const seenAlerts = new Set<number>()
    const onAlerts = (list: ReturnType<typeof alerts.$alerts.get>) => {
      for (const alert of list) {
        if (seenAlerts.has(alert.id)) continue
        seenAlerts.add(alert.id)
        report({ event: 'ALERT', code: alert.code })
      }
    }
    onAlerts(alerts.$alerts.get())
    const toast = context.use(toastFeature)
    const watching = [
      alerts.$alerts.listen(onAlerts),
      toast.$toast.listen((state) => {
        if (!state.open || state.variant !== 'error' || !('key' in state.message)) return
        if (!isDeclineKey(state.message.key)) {
          report({ event: 'ERROR_SHOWN', code: state.message.key })
        }
      }),
      connection.$error.listen((error) => {
        if (error && !USER_DECISIONS.includes(error.code)) {
          report({ event: 'WALLET_ERROR', code: error.code })
        }
      }),
      connection.$networkSwitch.listen((state) => {
        const code = state.status === 'error' ? state.error?.code : undefined
        if (code && !USER_DECISIONS.includes(code) && !SHOWN_ELSEWHERE.includes(code)) {
          report({ event: 'WALLET_ERROR', code })
        }
      }),
    ]
    context.onDestroy(() => {
      destroyed = true
      held.length = 0
      for (const stop of [...stops.splice(0), ...watching]) stop()
    })
    return { public: feature, internal: { ...feature, report } }
  },
})
