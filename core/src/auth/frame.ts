import type { PorticoError } from '../errors/index.js'
import type { Kit } from '../kitType.js'
import {
  type AppEventName,
  type AppPayloads,
  appMessage,
  FRAME_TIMINGS,
  type FrameErrorPayload,
  type NoticePayloads,
  parseFrameMessage,
  SECURE_SDK_VERSION,
  type SuccessPayloads,
} from './protocol.js'
import type { FrameHost, FrameMessageEvent, FramePlacement, MountedFrame } from './types.js'

export type {
  FrameHost,
  FrameMessageEvent,
  FramePlacement,
  FrameWindow,
  MountedFrame,
} from './types.js'

/**
 * A frame that has sent nothing (no heartbeat) for this many heartbeat intervals is taken as
 * gone: its open requests fail and the next request loads a fresh frame. Ours; checked only while
 * the page is visible, since browsers slow the timers of hidden pages.
 */
export const MISSED_HEARTBEATS = 3

/** The frame answered an event with its `_ERROR` event. */
export class FrameAnswerError extends Error {
  override readonly name = 'FrameAnswerError'
  constructor(
    readonly event: AppEventName,
    readonly payload: FrameErrorPayload,
  ) {
    super(payload.message)
  }
}

export type FrameClientOptions = {
  kit: Pick<Kit, 'PorticoError'>
  /** The secure site's origin: the only one messages are accepted from and posted to. */
  origin: string
  /** The frame page's full URL (`${secureSite}/sdk?…`), read each time the frame is appended. */
  url(): string
  host: FrameHost
  now(): number
  /** Notices other than READY and HEARTBEAT (the approval UI opening and closing). */
  onNotice(
    notice: {
      [N in 'APPROVAL_OPEN' | 'APPROVAL_CLOSED']: { notice: N; payload: NoticePayloads[N] }
    }['APPROVAL_OPEN' | 'APPROVAL_CLOSED'],
  ): void
  /** The frame said READY (after a load or a reload); chainId is the chain it is on. */
  onReady(chainId: number): void
  /** The frame failed to load in time, or went silent: it was removed. */
  onGone(error: PorticoError): void
}

export type FrameClient = {
  /** The secure site's origin: the only one messages are accepted from and posted to. */
  readonly origin: string
  /** Loads the frame (once) and resolves when it said READY; rejects after 20 s without it. */
  ready(): Promise<void>
  /**
   * Posts an event once the frame is ready and resolves with its answer; rejects with a
   * FrameAnswerError when the frame answers an error, with code TIMEOUT after `timeoutMs`.
   */
  request<E extends AppEventName>(
    event: E,
    payload: AppPayloads[E],
    timeoutMs: number | undefined,
  ): Promise<SuccessPayloads[E]>
  /** Shows the frame (an approval) over the given place, or hides it. */
  place(placement: FramePlacement | undefined): void
  /** Removes the frame and fails every request waiting on it with `reason`. */
  reset(reason: Error): void
  /** After a RELOAD: the frame is loading again, requests wait for its next READY. */
  reloading(): void
}

type Waiting = {
  event: AppEventName
  resolve(payload: unknown): void
  reject(error: Error): void
}

/**
 * The app side of the secure frame: appends the iframe on first use, waits for its READY (20 s at
 * most), posts each event with its own id to the frame's exact origin and matches the one answer
 * the frame sends under that id. A message counts only when it comes from the iframe's window and
 * the secure site's origin and passes the protocol's validator; everything else is ignored.
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const { host, now, origin } = options
  const { PorticoError } = options.kit
  const waiting = new Map<string, Waiting>()
  let frame: MountedFrame | undefined
  let stopListening: (() => void) | undefined
  /** Settles on the frame's READY, or fails when the frame is gone first. */
  let readiness: { promise: Promise<void>; resolve(): void; reject(error: Error): void } | undefined
  let loadTimer: ReturnType<typeof setTimeout> | undefined
  let watch: ReturnType<typeof setInterval> | undefined
  let lastSeen = 0
  let nextId = 0

  function onMessage(event: FrameMessageEvent) {
    if (!frame || event.source !== frame.window || event.origin !== origin) return
    const parsed = parseFrameMessage(event.data)
    if (!parsed) return
    lastSeen = now()
    if (parsed.kind === 'notice') {
      const { notice, message } = parsed
      if (notice === 'READY') {
        const { version, chainId } = message.payload as NoticePayloads['READY']
        // The frame repeats READY until our first event: only the first one after a load counts.
        if (version !== SECURE_SDK_VERSION || loadTimer === undefined) return
        clearTimeout(loadTimer)
        loadTimer = undefined
        startWatch()
        options.onReady(chainId)
        readiness?.resolve()
      } else if (notice === 'APPROVAL_OPEN' || notice === 'APPROVAL_CLOSED') {
        options.onNotice({ notice, payload: message.payload } as never)
      }
      return
    }
    const entry = waiting.get(parsed.id)
    // An answer is for the event it was asked as, and only the first one counts.
    if (!entry || entry.event !== parsed.event) return
    if (parsed.kind === 'success') entry.resolve(parsed.message.payload)
    else entry.reject(new FrameAnswerError(parsed.event, parsed.message.payload))
  }

  function startWatch() {
    clearInterval(watch)
    watch = setInterval(() => {
      // A hidden page's timers (and its frame's) are slowed down: silence there proves nothing.
      if (!host.isVisible()) lastSeen = now()
      else if (now() - lastSeen > MISSED_HEARTBEATS * FRAME_TIMINGS.heartbeatIntervalMs) {
        gone(
          new PorticoError('WALLET_ERROR', 'The secure frame stopped answering', {
            details: { reason: 'silent' },
          }),
        )
      }
    }, FRAME_TIMINGS.heartbeatIntervalMs)
  }

  /** The frame is (re)loading: requests wait for its READY, for 20 s at most. */
  function expectReady() {
    clearInterval(watch)
    let resolve = () => {}
    let reject: (error: Error) => void = () => {}
    const promise = new Promise<void>((done, fail) => {
      resolve = done
      reject = fail
    })
    // Nobody may be waiting when the frame fails: that is not an unhandled rejection.
    promise.catch(() => undefined)
    readiness = { promise, resolve, reject }
    clearTimeout(loadTimer)
    loadTimer = setTimeout(
      () =>
        gone(
          new PorticoError('EMAIL_DEPENDENCY_LOAD_FAILED', {
            details: { reason: 'timeout', seconds: FRAME_TIMINGS.iframeLoadTimeoutMs / 1_000 },
          }),
        ),
      FRAME_TIMINGS.iframeLoadTimeoutMs,
    )
  }

  function gone(error: PorticoError) {
    reset(error)
    options.onGone(error)
  }

  function reset(reason: Error) {
    clearTimeout(loadTimer)
    loadTimer = undefined
    clearInterval(watch)
    stopListening?.()
    stopListening = undefined
    frame?.remove()
    frame = undefined
    readiness?.reject(reason)
    readiness = undefined
    const entries = [...waiting.values()]
    waiting.clear()
    for (const entry of entries) entry.reject(reason)
  }

  function ready(): Promise<void> {
    if (!readiness) {
      const src = options.url()
      // Listening first: the frame's READY can come before `mount` returns.
      stopListening = host.listen(onMessage)
      expectReady()
      frame = host.mount(src)
      lastSeen = now()
    }
    return (readiness as { promise: Promise<void> }).promise
  }

  return {
    origin,
    ready,
    async request(event, payload, timeoutMs) {
      await ready()
      const target = frame?.window
      if (!target) throw new PorticoError('EMAIL_DEPENDENCY_LOAD_FAILED')
      nextId += 1
      const id = `portico-${nextId}`
      return new Promise((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined
        const settle = () => {
          clearTimeout(timer)
          waiting.delete(id)
        }
        waiting.set(id, {
          event,
          resolve: (value) => {
            settle()
            resolve(value as never)
          },
          reject: (error) => {
            settle()
            reject(error)
          },
        })
        if (timeoutMs !== undefined) {
          timer = setTimeout(() => {
            settle()
            reject(
              new PorticoError('TIMEOUT', `The secure frame did not answer ${event} in time`, {
                details: { event, seconds: timeoutMs / 1_000 },
              }),
            )
          }, timeoutMs)
        }
        target.postMessage(appMessage(event, id, payload), origin)
      })
    },
    place(placement) {
      frame?.place(placement)
    },
    reset,
    reloading() {
      if (frame) expectReady()
    },
  }
}
