import {
  type AppEventName,
  type AppPayloads,
  FRAME_ERRORS,
  type FrameMessage,
  frameError,
  frameSuccess,
  parseAppMessage,
  type SuccessPayloads,
} from '@portico/core/internal'
import { FrameFailure } from './failure.js'

/** One handler per app event: its answer's payload, or a FrameFailure. */
export type Handlers = {
  [E in AppEventName]: (payload: AppPayloads[E], id: string) => Promise<SuccessPayloads[E]>
}

export type FrameStats = { handled: number; ignored: number; answered: number }

export type DispatcherOptions = {
  /** The origin of the embedding window, the only one listened to. */
  appOrigin: string
  handlers: Handlers
  post(message: FrameMessage): void
  log(...args: unknown[]): void
  stats: FrameStats
  /** The frame is reloading: events are refused. */
  stopping(): boolean
}

/**
 * The frame's messages from the app: checked, queued until the frame is ready, handed to their
 * handler, and answered with its result or its failure.
 */
export function createDispatcher(options: DispatcherOptions) {
  const { appOrigin, handlers, post, log, stats } = options
  let ready = false
  let firstEventSeen = false
  const queued: MessageEvent[] = []

  function onMessage(event: MessageEvent) {
    // Only the embedding window, and only when it is the allowed origin it was at load.
    if (event.source !== window.parent || event.origin !== appOrigin) {
      stats.ignored++
      return
    }
    if (!ready) {
      queued.push(event)
      return
    }
    const parsed = parseAppMessage(event.data)
    if (!parsed.ok) {
      if (parsed.event === undefined) {
        stats.ignored++
        return
      }
      stats.answered++
      post(
        frameError(parsed.event, parsed.id, {
          message: `${FRAME_ERRORS.invalidPayload}: ${parsed.reason}`,
        }),
      )
      return
    }
    firstEventSeen = true
    stats.handled++
    const { event: name, message } = parsed
    log('←', message.type, message)
    if (options.stopping()) {
      post(frameError(name, message.id, { message: FRAME_ERRORS.reloading }))
      return
    }
    const handler = handlers[name] as (payload: unknown, id: string) => Promise<unknown>
    handler(message.payload, message.id).then(
      (result) => {
        stats.answered++
        post(frameSuccess(name, message.id, result as never))
      },
      (error: unknown) => {
        stats.answered++
        const payload =
          error instanceof FrameFailure
            ? error.toPayload()
            : { message: FRAME_ERRORS.default, data: { reason: String(error) } }
        post(frameError(name, message.id, payload))
      },
    )
  }

  return {
    onMessage,
    /** The frame is ready: the queued events are handled, and the next ones at once. */
    start() {
      ready = true
      for (const event of queued.splice(0)) onMessage(event)
    },
    /** Whether the app sent an event yet (it listens, so READY stops). */
    firstEventSeen: () => firstEventSeen,
  }
}
