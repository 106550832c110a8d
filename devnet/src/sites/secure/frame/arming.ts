// When Approve may be pressed. A page that embeds the frame can make it transparent, clip it to
// the button, cover it with a decoy, or slip a second request under a double click. So Approve
// is armed only after the approval has been fully visible and unobscured, without a break, for
// `APPROVAL_ARM_DELAY_MS` since it was shown and since the current request came to the front;
// anything that hides it disarms it at once.

/** How long an approval must be seen before Approve works (Firefox's dialog delay: 1 s). */
export const APPROVAL_ARM_DELAY_MS = 1_000

export type Arming = {
  /** What the visibility observer saw: fully visible and unobscured, or not. */
  visible(seen: boolean): void
  /** A new request is in front: the delay starts again. */
  newRequest(): void
  /** Approve may act now. */
  armed(): boolean
  /** Stops the timer (the frame is going away). */
  stop(): void
}

export function createArming(options: {
  now(): number
  /** Called whenever `armed()` changes. */
  changed(armed: boolean): void
  delayMs?: number
}): Arming {
  const delay = options.delayMs ?? APPROVAL_ARM_DELAY_MS
  let seen = false
  let since = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let last = false

  const isArmed = () => seen && options.now() - since >= delay

  function update() {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    const armed = isArmed()
    if (!armed && seen) timer = setTimeout(update, Math.max(0, since + delay - options.now()))
    if (armed !== last) {
      last = armed
      options.changed(armed)
    }
  }

  return {
    visible(value) {
      if (value && !seen) since = options.now()
      seen = value
      update()
    },
    newRequest() {
      since = options.now()
      update()
    },
    armed: () => last && isArmed(),
    stop() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
  }
}
