import { atom, type ReadableAtom } from 'nanostores'
import { alertsFeature } from '../alerts/index.js'
import { connectionFeature } from '../connection/index.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import { networkFeature } from '../network/feature.js'
import { toastFeature } from '../toast/feature.js'
import { TELEMETRY_EVENTS_PER_WINDOW } from './constants.js'
import type { TelemetryEventName, TelemetryReport } from './event.js'
import type { Sighting, TelemetrySource, TelemetryStatus } from './types.js'

/** Error telemetry (`client.telemetry`). */
export type TelemetryFeature = {
  $status: ReadableAtom<TelemetryStatus>
}

export type TelemetryInternal = TelemetryFeature & {
  /** Reports an error (dropped when telemetry is off or 5 went out in the last minute). */
  report(report: TelemetryReport): void
}

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
 *
 * The shell every page loads notes, with its time, what may be an error and whether the user
 * acted; the rules and the sending (`lazy.ts`) come with the first such thing, so a page without
 * errors never downloads them.
 */
export const telemetryFeature = defineFeature({
  name: 'telemetry',
  needs: [modalFeature, alertsFeature, toastFeature, connectionFeature, networkFeature],
  lazy: () => import('./lazy.js'),
  create(context, _options, lazy): { public: TelemetryFeature; internal: TelemetryInternal } {
    const { options, logger, clock } = context
    const on =
      options.features.analytics &&
      options.projectId !== '' &&
      context.isBrowser &&
      globalThis.location !== undefined
    const $status = atom<TelemetryStatus>(on ? 'idle' : 'off')
    let report: TelemetryInternal['report'] = () => {}
    if (on) {
      const network = context.use(networkFeature)
      const modal = context.use(modalFeature)
      const connection = context.use(connectionFeature)
      const alerts = context.use(alertsFeature)
      const toast = context.use(toastFeature)
      let acted = false
      let destroyed = false
      /** What was seen while the half's code is on its way, in order. */
      const queue: Sighting[] = []
      const half = lazy({
        $status,
        hasActed: () => acted,
        perWindow: TELEMETRY_EVENTS_PER_WINDOW,
      })

      const see = (
        source: TelemetrySource | 'report',
        code: string,
        event?: TelemetryEventName,
      ) => {
        // More than 5 waiting for the code would be over the limit (unless the code took over a
        // minute to come): dropped.
        if (destroyed || queue.length >= TELEMETRY_EVENTS_PER_WINDOW) return
        // The time and namespace of the moment it happened, whenever the code arrives.
        queue.push({
          source,
          code,
          event,
          at: clock.now(),
          namespace: network.$activeNamespace.get(),
        } as Sighting)
        half
          // Once the code is here this runs in the same turn: the queue holds this one only.
          .use((telemetry) => telemetry.take(queue.splice(0)))
          // Telemetry never reports its own failures: without its code, what waited is dropped
          // (the next sighting fetches the code again).
          .catch((error: unknown) => {
            queue.length = 0
            logger.debug('could not send error telemetry', error)
          })
      }
      report = ({ event, code }) => see('report', code, event)

      // The user acts: a click or a key in the page (a headless app's own buttons), the modal
      // opening, a wallet asked for. A page opened by a click already had one.
      const userActed = () => {
        if (acted) return
        acted = true
        half.current()?.flush()
      }
      const stops: (() => void)[] = []
      const activation = (globalThis.navigator as { userActivation?: { hasBeenActive: boolean } })
        ?.userActivation
      if (activation?.hasBeenActive) acted = true
      else {
        const listen = { capture: true, passive: true } as const
        for (const type of ['pointerdown', 'keydown'] as const) {
          window.addEventListener(type, userActed, listen)
          stops.push(() => window.removeEventListener(type, userActed, listen))
        }
        stops.push(
          modal.onOpenChange((open) => open && userActed()),
          connection.$connectingId.listen((id) => id !== undefined && userActed()),
        )
      }

      // What may be an error, from the stores of the features that own it.
      let lastAlert = 0
      stops.push(
        alerts.$alerts.subscribe((list) => {
          for (const { id, code } of list) {
            if (id > lastAlert) {
              lastAlert = id
              see('alert', code)
            }
          }
        }),
        toast.$toast.listen(({ open, variant, message }) => {
          if (open && variant === 'error' && 'key' in message) see('toast', message.key)
        }),
        connection.$error.listen((error) => error && see('connection', error.code)),
        connection.$networkSwitch.listen(
          ({ status, error }) => status === 'error' && error && see('switch', error.code),
        ),
      )
      context.onDestroy(() => {
        destroyed = true
        queue.length = 0
        for (const stop of stops) stop()
      })
    }
    return { public: { $status }, internal: { $status, report } }
  },
})
