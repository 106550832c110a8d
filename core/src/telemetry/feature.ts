import { atom, type ReadableAtom } from 'nanostores'
import { alertsFeature } from '../alerts/index.js'
import { connectionFeature } from '../connection/index.js'
import type { PorticoErrorCode } from '../errors/index.js'
import { defineFeature } from '../kernel/feature.js'
import { lazyModule } from '../kernel/lazy.js'
import { modalFeature } from '../modal/feature.js'
import { networkFeature } from '../network/feature.js'
import { toastFeature } from '../toast/feature.js'
import { TELEMETRY_EVENT_PATH, TELEMETRY_EVENTS_PER_WINDOW } from './constants.js'
import type { TelemetryReport } from './event.js'
import type { QueuedReport, TelemetryStatus } from './types.js'

/**
 * The rate limit, the event's body, reading the analytics configuration and sending: fetched
 * with the first report (the page's first error), so a page without errors never downloads it.
 */
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
    /** Reports that came while the delivery's code was on its way, in order, with their time. */
    const queue: QueuedReport[] = []
    let acted = false
    let destroyed = false
    const delivery = deliveryCode.instance((code) =>
      code.createTelemetryDelivery(context, {
        $status,
        isDestroyed: () => destroyed,
        hasActed: () => acted,
        eventPath: TELEMETRY_EVENT_PATH,
      }),
    )

    function report({ event, code }: TelemetryReport) {
      const status = $status.get()
      if (destroyed || status === 'off' || status === 'disabled') return
      // The time and namespace of the moment it happened, whenever the code arrives. More than 5
      // waiting would be over the limit (unless the code took over a minute to come): dropped.
      if (queue.length >= TELEMETRY_EVENTS_PER_WINDOW) return
      queue.push({ event, code, at: clock.now(), namespace: network.$activeNamespace.get() })
      delivery
        // Once the code is here this runs in the same turn: the queue holds this report only.
        .use((part) => part.take(queue.splice(0)))
        // Telemetry never reports its own failures: without its code, the events are dropped
        // (the next report fetches the code again).
        .catch((error: unknown) => {
          queue.length = 0
          logger.debug('could not send error telemetry', error)
        })
    }

    const stops: (() => void)[] = []
    function userActed() {
      if (acted) return
      acted = true
      for (const stop of stops.splice(0)) stop()
      delivery.current()?.flush()
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
      queue.length = 0
      delivery.current()?.clear()
      for (const stop of [...stops.splice(0), ...watching]) stop()
    })
    return { public: feature, internal: { ...feature, report } }
  },
})
